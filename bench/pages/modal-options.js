// createAppKit options of the modal-open pages: one local network and every hosted service
// pointed at the API emulator whose URL the runner puts in the page's `api` query parameter.
export function benchOptions() {
  const api = new URLSearchParams(location.search).get('api')
  return {
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
    endpoints: { api, walletApi: api, rpc: api, pulse: api },
    metadata: { name: 'SigKit bench', description: 'Modal open bench', url: location.origin, icons: [] },
  }
}
