// Provider errors with the numeric codes of EIP-1193 (4xxx) and EIP-1474 (-32xxx). Dapps and
// libraries such as viem branch on `code`, so the codes and the standard messages matter more
// than the class.

export class ProviderRpcError extends Error {
  /**
   * @param {number} code
   * @param {string} message
   * @param {unknown} [data]
   */
  constructor(code, message, data) {
    super(message)
    this.name = 'ProviderRpcError'
    this.code = code
    if (data !== undefined) this.data = data
  }
}

export const userRejected = () => new ProviderRpcError(4001, 'User rejected the request.')

export const unauthorized = (detail = '') =>
  new ProviderRpcError(
    4100,
    `The requested account and/or method has not been authorized by the user.${detail ? ` ${detail}` : ''}`,
  )

/** @param {string} method */
export const unsupportedMethod = (method) =>
  new ProviderRpcError(4200, `The Provider does not support the requested method: ${method}.`)

export const disconnected = () => new ProviderRpcError(4900, 'The Provider is disconnected from all chains.')

/** @param {string} rpcUrl  @param {unknown} cause */
export const chainDisconnected = (rpcUrl, cause) =>
  new ProviderRpcError(
    4901,
    `The Provider is not connected to the requested chain (${rpcUrl}: ${cause instanceof Error ? cause.message : String(cause)}).`,
  )

/** @param {string} hexChainId */
export const unrecognizedChain = (hexChainId) =>
  new ProviderRpcError(
    4902,
    `Unrecognized chain ID "${hexChainId}". Try adding the chain using wallet_addEthereumChain first.`,
  )

/** @param {string} message */
export const invalidParams = (message) => new ProviderRpcError(-32602, message)

/** @param {string} message */
export const internalError = (message) => new ProviderRpcError(-32603, message)
