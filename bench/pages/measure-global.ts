// The timing helpers as `window.benchMeasure`, for pages the bench does not bundle itself (the
// modal-open pages): the runner injects this as an init script, so it adds no request and no
// bytes to what the page loads.
import * as measure from './measure'

;(window as unknown as { benchMeasure: typeof measure }).benchMeasure = measure
