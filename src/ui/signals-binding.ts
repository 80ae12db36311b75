/**
 * Lets components render signals directly. In the React build this installs the signals runtime
 * for React; in the CDN build the import is aliased to `@preact/signals`, which hooks into Preact's
 * renderer. Imported for its side effect by every UI root.
 * @internal
 */
import '@preact/signals-react'
