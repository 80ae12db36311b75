// createAppKit options of the modal-open pages: one local network, every hosted service pointed
// at the API emulator whose URL the runner puts in the page's `api` query parameter, and
// WalletConnect at the sandbox's relay (`relay`), so the QR code's pairing works offline; the
// modal's language from `locale` (English without it); `preload=off`: no preload once idle.
export function benchOptions() {
  const query = new URLSearchParams(location.search)
  const api = query.get('api')
  const relay = query.get('relay')
  const locale = query.get('locale')
  return {
    ...(locale ? { locale } : {}),
    ...(query.get('preload') === 'off' ? { preloadOnIdle: false } : {}),
    projectId: 'sigkit-bench',
    networks: [
      {
        id: 31337,
        caipNetworkId: 'eip155:31337',
        chainNamespace: 'eip155',
        name: 'Local chain',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [`${api}/v1/?chainId=eip155:31337`] } },
      },
    ],
    endpoints: { api, walletApi: api, rpc: api, pulse: api, ...(relay ? { relay } : {}) },
    metadata: { name: 'SigKit bench', description: 'Modal open bench', url: location.origin, icons: [] },
  }
}
