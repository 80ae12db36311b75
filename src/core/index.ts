/**
 * The framework-free core: state signals and controllers. The lazy modules (`http`,
 * `remote-config`) are deliberately not re-exported: they are reached only through `import()`.
 */
export * from './types'
export * from './constants'
export * from './limits'
export * from './clock'
export * from './caip'
export * from './storage'
export * from './wallet-storage'
export * from './account'
export * from './network'
export * from './connection'
export * from './pairing'
export * from './options'
export * from './features'
export * from './alerts'
export * from './toasts'
export * from './theme'
export * from './appkit-state'
export * from './events'
export * from './router'
export * from './modal'
