import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'data/', 'test-results/', 'playwright-report/', '.dependency-cruiser.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-namespace': 'off',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    // The two rules of hooks (calls in the same order, effects that name what they read); the
    // React Compiler's further rules are for a compiler this project does not run.
    files: ['client/**/*.{ts,tsx}', 'widgets/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // client/ui/link.tsx's Link and NavLink: react-router's own carry its framework mode's
    // prefetching into every first load (home's gzip budget in vite.config.ts).
    files: ['client/**', 'widgets/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['react-router', 'react-router-dom'].map((name) => ({
            name,
            importNames: ['Link', 'NavLink', 'LinkProps', 'NavLinkProps'],
            message: 'Use Link and NavLink from client/ui/link.tsx: same behaviour, without the framework prefetching.',
          })),
        },
      ],
    },
  },
  {
    // A cast says "trust me"; xstate's assertEvent says which event it must be and throws when it is not.
    files: ['machines/**/*.ts', 'client/**/*.{ts,tsx}', 'widgets/**/*.{ts,tsx}', 'api/**/*.ts', 'server/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "TSAsExpression > TSTypeReference[typeName.name='Extract']",
          message: "Narrow a machine's event with assertEvent(event, 'type') from xstate, not a cast to Extract<…>.",
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'tests/**'],
    rules: { 'no-console': 'off' },
  },
);
