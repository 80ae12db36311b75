// Leak bench baseline (bench/leaks.mjs): the same steps as on the SigKit pages, done the plainest
// way. Open builds a <dialog> with a heading, a list of wallet buttons and a close button, adds a
// keydown listener and shows it modally; close removes both. Connect asks the injected test wallet
// for its accounts and follows its accountsChanged and chainChanged; disconnect revokes the
// permission and stops following. What its figures move by is the browser's own noise.
const wallets = ['SigKit Test Wallet', 'WalletConnect', 'Another wallet', 'One more wallet']
let dialog
let onKeyDown
let following

window.baseline = {
  async open() {
    dialog = document.createElement('dialog')
    dialog.setAttribute('aria-labelledby', 'baseline-title')
    const title = Object.assign(document.createElement('h2'), { id: 'baseline-title', textContent: 'Connect Wallet' })
    const list = document.createElement('ul')
    for (const name of wallets) {
      const item = document.createElement('li')
      item.append(Object.assign(document.createElement('button'), { type: 'button', textContent: name }))
      list.append(item)
    }
    const close = Object.assign(document.createElement('button'), { type: 'button', textContent: 'Close' })
    close.addEventListener('click', () => window.baseline.close())
    dialog.append(title, list, close)
    document.body.append(dialog)
    onKeyDown = (event) => event.key === 'Escape' && window.baseline.close()
    document.addEventListener('keydown', onKeyDown, true)
    dialog.showModal()
    await new Promise((resolve) => requestAnimationFrame(resolve))
  },
  async close() {
    document.removeEventListener('keydown', onKeyDown, true)
    dialog.close()
    dialog.remove()
    dialog = undefined
    await new Promise((resolve) => requestAnimationFrame(resolve))
  },
  async connect() {
    const provider = window.sigkitTestWallet.provider
    const accounts = await provider.request({ method: 'eth_requestAccounts' })
    await provider.request({ method: 'eth_chainId' })
    const onAccounts = () => undefined
    const onChain = () => undefined
    provider.on('accountsChanged', onAccounts)
    provider.on('chainChanged', onChain)
    following = { provider, onAccounts, onChain, accounts }
  },
  async disconnect() {
    const { provider, onAccounts, onChain } = following
    await provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
    provider.removeListener('accountsChanged', onAccounts)
    provider.removeListener('chainChanged', onChain)
    following = undefined
  },
}
