/**
 * `sigkit/siwx`: sign in with the wallet. The types a dapp implements for its own `siwx` config,
 * and a ready-made one that keeps sessions in localStorage. Its own entry (and, in the CDN build,
 * its own file) so dapps without sign-in never download it.
 * @packageDocumentation
 */
export {
  createLocalSIWX,
  formatSIWXMessage,
  LOCAL_SIWX_STORAGE_KEY,
  type LocalSIWXOptions,
} from './features/siwx/local-siwx'
export type {
  SIWXCacao,
  SIWXConfig,
  SIWXMessage,
  SIWXMessageData,
  SIWXMessageInput,
  SIWXSession,
} from './core/config/siwx'
