// CSS files imported from TypeScript as text: `import buttonCss from './button.css'` gives the
// stylesheet as a string, for a <style> in a shadow root the page's CSS cannot reach. The source
// stays plain, readable CSS; a minified build gets it minified by esbuild's CSS minifier (esbuild's
// own `text` loader would ship it as written). Used by every esbuild build of src/ (build.mjs, the
// test runner, test and bench pages built from source); `src/css.d.ts` types the import for tsc.
import * as esbuild from 'esbuild'
import { readFile } from 'node:fs/promises'

/** @type {esbuild.Plugin} */
export const cssTextPlugin = {
  name: 'sigkit-css-text',
  setup(build) {
    const minify = Boolean(build.initialOptions.minify)
    build.onLoad({ filter: /\.css$/ }, async (args) => {
      const css = await readFile(args.path, 'utf8')
      if (!minify) return { contents: css, loader: 'text' }
      const { code } = await esbuild.transform(css, { loader: 'css', minify: true, sourcefile: args.path })
      return { contents: code.trimEnd(), loader: 'text' }
    })
  },
}
