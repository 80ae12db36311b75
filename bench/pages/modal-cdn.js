// Modal-open bench, CDN build: a plain page with <appkit-button> and one module script written in
// the page, like demo/cdn.html (the server puts this file's text inside the page: `inline=`).
import { createAppKit } from '/cdn/sigkit.js'
import { benchOptions } from '/bench/cdn/modal-options.js'

document.getElementById('app').append(document.createElement('appkit-button'))
window.appKit = createAppKit(benchOptions())
