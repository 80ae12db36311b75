// Modal-open bench, CDN build: a plain page with <appkit-button> and one module import, like
// demo/cdn.html. Served as is (not bundled).
import { createAppKit } from '/cdn/sigkit.js'
import { benchOptions } from './modal-options.js'

document.getElementById('app').append(document.createElement('appkit-button'))
window.appKit = createAppKit(benchOptions())
