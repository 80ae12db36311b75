// CDN-build stand-in for src/ui/modal/rehearse.tsx (aliased in build/cdn-aliases.mjs): that
// module's doc says why the Preact build does not rehearse the first open's render.
export function rehearseModal() {}
