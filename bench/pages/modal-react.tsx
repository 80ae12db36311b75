// Modal-open bench, React build: a React app with <AppKitButton/> on SigKit's React build
// (dist/react.js), bundled with code splitting as an app's bundler would, so the modal's chunks
// load on the first click. The AppKit is `window.appKit`, as on the CDN page (the Swap-open bench
// calls its open()).
import { createRoot } from 'react-dom/client'
import { AppKitButton, createAppKit } from 'sigkit/react'
import { benchOptions } from './modal-options.js'

const appKit = createAppKit(benchOptions() as Parameters<typeof createAppKit>[0])
;(window as unknown as { appKit: typeof appKit }).appKit = appKit
createRoot(document.getElementById('app') as HTMLElement).render(<AppKitButton />)
