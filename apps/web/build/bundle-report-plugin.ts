import { writeFile } from 'node:fs/promises';
import type { Plugin } from 'vite';

interface ChunkReport {
  file: string;
  /** Files this chunk imports statically (loaded with it). */
  imports: string[];
  /** Files it may load later (`import()`). */
  dynamicImports: string[];
  /** Each bundled module with its rendered (minified) length in bytes, largest first. */
  modules: { id: string; bytes: number }[];
}

/**
 * `BUNDLE_REPORT=<file.json> vite build` writes which modules each chunk holds and what each chunk imports,
 * so a route's weight (npm run bench:js) can be traced to the modules that make it up (issue 20). Off unless
 * the variable is set; the build output is unchanged either way.
 */
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
            .map(([id, m]) => ({ id: id.replace(/^.*node_modules\//, ''), bytes: m.renderedLength }))
            .filter((m) => m.bytes > 0)
            .sort((a, b) => b.bytes - a.bytes),
        });
      }
      await writeFile(target as string, JSON.stringify(chunks, null, 1));
    },
  };
}
