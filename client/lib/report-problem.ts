import { createContext, useContext } from 'react';

/**
 * Opens the `Report a problem` dialog. The layout provides it (the dialog is a chunk of the
 * problem-reports feature, fetched on first use); without a provider (a kiosk, a component test)
 * there is none, and the footer and the user menu offer no entry.
 */
export const ReportProblemContext = createContext<(() => void) | null>(null);

export const useReportProblem = (): (() => void) | null => useContext(ReportProblemContext);
