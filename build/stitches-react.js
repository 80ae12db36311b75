// CDN-build stand-in for the `react` that @stitches/react imports (aliased in build/cdn-aliases.mjs).
//
// Stitches does `import React from 'react'` and uses only createElement, Fragment and forwardRef.
// Pointed at preact/compat, that default import keeps every compat export alive; handing it the
// same three functions lets esbuild drop the compat code nothing uses (about 1 kB gzip).
import { createElement, Fragment } from 'preact'
import { forwardRef } from 'preact/compat'

export default { createElement, Fragment, forwardRef }
