/**
 * The framework-free core: state signals and controllers. The lazy modules (`http`,
 * `remote-config`) are deliberately not re-exported: they are reached only through `import()`.
 */
export * from './types'
export * from './constants'
export * from './constants'
export * from '../lib/clock'
export * from './lib/caip'
export * from './lib/storage'
export * from './lib/storage'
export * from './state/account'
export * from './state/network'
export * from './state/connection'
export * from './state/connection'
export * from './config/options'
export * from './config/features'
export * from './modal/alerts'
export * from './modal/toasts'
export * from './config/theme'
export * from './config/appkit-state'
export * from './analytics'
export * from './modal/router'
export * from './modal/modal'
