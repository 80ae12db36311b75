/**
 * `sigkit/pay`: the dapp asks the visitor to pay a given amount to a given address and gets the
 * result back (`openPay`, or the `usePay` hook). Its own entry (and, in the CDN build, its own
 * file, `sigkit/cdn/pay`, without the hook) so dapps without payments never download it; the
 * payment view loads on the first call.
 * @packageDocumentation
 */
export * from './cdn-pay'
export { usePay, type PayStatus, type UsePayOptions, type UsePayReturn } from './features/pay/use-pay'
