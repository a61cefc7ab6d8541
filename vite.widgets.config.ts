import { build, defineConfig, type InlineConfig, type Plugin, type UserConfig } from 'vite';
import { precompressDir } from './scripts/precompress.ts';

/**
 * The embeddable chat (widgets/): `chat.js`, a tiny classic-script loader partners paste, and
 * `chat-widget.js`, the panel with xstate and socket.io-client that it loads on first open.
 * Both are IIFE builds (a partner's `<script async>` is not a module, and IIFE output cannot
 * be split), so the widget is a second build started when the loader's finishes.
 * `vite build -c vite.widgets.config.ts` → dist/widgets/{chat.js, chat-widget.js, chat-msg.mp3}.
 */
export const WIDGETS_OUT_DIR = 'dist/widgets';
/** gzip budgets in bytes: the loader alone, and every script of the widget together. */
export const WIDGET_BUDGETS = { loader: 5_000, total: 60_000 } as const;

const define = { 'process.env.NODE_ENV': '"production"' };

export const widgetBuild = (outDir: string): InlineConfig => ({
  configFile: false,
  publicDir: false,
  define,
  logLevel: 'warn',
  build: {
    outDir,
    emptyOutDir: false,
    target: 'es2020',
    reportCompressedSize: false,
    lib: { entry: 'widgets/chat/entry.ts', name: 'StatefrontChatWidget', formats: ['iife'], fileName: () => 'chat-widget.js' },
  },
});

const buildWidgetAfterLoader = (outDir: string): Plugin => ({
  name: 'statefront-chat-widget',
  apply: 'build',
  async closeBundle() {
    await build(widgetBuild(outDir));
    await precompressDir(outDir);
  },
});

export const loaderBuild = (outDir: string): UserConfig => ({
  logLevel: 'warn',
  // Copies widgets/assets (the chat-msg.mp3 sound) beside the scripts.
  publicDir: 'widgets/assets',
  // A new query string per build, so a partner's browser never pairs a new loader with a cached old widget.
  define: { ...define, __STATEFRONT_WIDGET_FILE__: JSON.stringify(`chat-widget.js?v=${Date.now().toString(36)}`) },
  plugins: [buildWidgetAfterLoader(outDir)],
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2020',
    lib: { entry: 'widgets/loader/entry.ts', name: 'StatefrontChatLoader', formats: ['iife'], fileName: () => 'chat.js' },
  },
});

export default defineConfig(loaderBuild(WIDGETS_OUT_DIR));
