import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('../dist/web', import.meta.url));

/** Where the dev server forwards API calls; the Tickscribe server listens on port 3000 by default. */
const apiTarget = process.env.TICKSCRIBE_API_PROXY ?? 'http://localhost:3000';

/**
 * MUI's `createTheme` and `ThemeProvider` each carry the CSS-variables theme machinery (colour schemes, the
 * variables provider, its init script), about 6 KiB gzipped on every page. Our theme (web/src/theme.ts) has no
 * `cssVariables` and no `colorSchemes`, for which MUI itself takes the no-variables path (createTheme.mjs returns
 * createThemeNoVars; ThemeProvider.mjs renders ThemeProviderNoVars), so the bundle uses those two directly.
 * A theme that turns CSS variables on must remove this plugin.
 */
function muiThemeWithoutCssVariables(): Plugin {
  const noVars: Record<string, string> = {
    './createTheme.mjs': './createThemeNoVars.mjs',
    './ThemeProvider.mjs': './ThemeProviderNoVars.mjs',
  };
  return {
    name: 'mui-theme-without-css-variables',
    enforce: 'pre',
    async resolveId(source, importer) {
      const target = noVars[source];
      const from = importer?.replaceAll('\\', '/') ?? '';
      // Only the public entry point and the default theme: CssVarsProvider keeps its own, should anyone use it.
      if (!target || !/\/@mui\/material\/styles\/(index|defaultTheme)\.mjs$/.test(from)) return null;
      return this.resolve(target, importer, { skipSelf: true });
    },
  };
}

/**
 * React Router's package exports name only its development build (dev warnings and checks included), whatever the
 * mode: "temporarily only use one build in export map" (remix-run/react-router#12437), reported as
 * remix-run/react-router#12532 and #14102. Production builds take the production build shipped beside it.
 */
function reactRouterProductionBuild(): string | null {
  const resolved = createRequire(import.meta.url).resolve('react-router');
  const production = join(dirname(dirname(resolved)), 'production', 'index.mjs');
  return basename(dirname(resolved)) === 'development' && existsSync(production) ? production : null;
}

export default defineConfig(({ command }) => {
  const reactRouter = command === 'build' ? reactRouterProductionBuild() : null;
  return {
    root: webRoot,
    plugins: [react(), muiThemeWithoutCssVariables()],
    resolve: reactRouter ? { alias: [{ find: /^react-router$/, replacement: reactRouter }] } : {},
    build: {
      outDir,
      emptyOutDir: true,
    },
    server: {
      port: 5173,
      proxy: {
        '/api': apiTarget,
        '/auth': apiTarget,
        '/runtime-config.js': apiTarget,
      },
    },
  };
});
