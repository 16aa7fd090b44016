import { writeFile } from 'node:fs/promises';
import type { Plugin } from 'vite';

interface ChunkReport {
  file: string;
  /** Files this chunk imports statically (loaded with it). */
  imports: string[];
  /** Files it may load later (`import()`). */
  dynamicImports: string[];
  /** Each bundled module with its rendered (minified) length in bytes, largest first, and the modules that
   * import it (to trace why a module is in a page's closure: `build/why-module.mjs`). Modules that rendered
   * to nothing (re-exporting barrels) are listed too: import chains pass through them. */
  modules: { id: string; bytes: number; importers: string[] }[];
}

/**
 * `BUNDLE_REPORT=<file.json> vite build` writes which modules each chunk holds and what each chunk imports,
 * so a route's weight (npm run bench:js) can be traced to the modules that make it up (issue 20). Off unless
 * the variable is set; the build output is unchanged either way.
 */
const short = (id: string) =>
  id
    .replace(/^.*node_modules\//, '')
    .replace(/^.*\/apps\/web\/src\//, 'web/')
    .replace(/^.*\/packages\/contracts\/src\//, 'contracts/');

export function bundleReportPlugin(): Plugin {
  const target = process.env.BUNDLE_REPORT;
  return {
    name: 'portal-bundle-report',
    apply: () => !!target,
    async generateBundle(_options, bundle) {
      const chunks: ChunkReport[] = [];
      for (const out of Object.values(bundle)) {
        if (out.type !== 'chunk') continue;
        chunks.push({
          file: out.fileName,
          imports: out.imports,
          dynamicImports: out.dynamicImports,
          modules: Object.entries(out.modules)
            .map(([id, m]) => ({
              id: short(id),
              bytes: m.renderedLength,
              importers: (this.getModuleInfo(id)?.importers ?? []).map(short),
            }))
            .sort((a, b) => b.bytes - a.bytes),
        });
      }
      await writeFile(target as string, JSON.stringify(chunks, null, 1));
    },
  };
}
