/**
 * The currencies the on-ramp offers: the built-in list used when the options call fails (SPEC §8),
 * the mock quote used when the quote call fails, the payment method limits (SPEC §5) and the
 * defaults chosen for a network (SPEC §3).
 */
import type {
  OnrampOptions,
  OnrampQuote,
  PaymentCurrency,
  PaymentMethodLimit,
  PurchaseCurrency,
  PurchaseNetwork,
} from '../../api/onramp-api'
import type { CaipNetwork } from '../../core/types'
import onrampEn from '../../i18n/messages/en/onramp'

/** Default payment method limits (SPEC §5). */
export const DEFAULT_LIMITS: readonly PaymentMethodLimit[] = [
  { id: 'card', min: '10.00', max: '7500.00' },
  { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
]

/** How a payment method is named to the visitor. */
export const PAYMENT_METHOD_LABELS: Readonly<Record<string, string>> = {
  card: onrampEn.card,
  ach_bank_account: onrampEn.bankAccount,
}

const USDC_NETWORKS: PurchaseNetwork[] = [
  {
    name: 'ethereum-mainnet',
    display_name: 'Ethereum',
    chain_id: '1',
    contract_address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  },
  {
    name: 'polygon-mainnet',
    display_name: 'Polygon',
    chain_id: '137',
    contract_address: '0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174',
  },
]

/**
 * The built-in options (SPEC §8): USDC and ETH on Ethereum and Polygon (the same id and contracts
 * for both, as the hosted fallback has them), USD and EUR with the default limits.
 */
export const FALLBACK_OPTIONS: OnrampOptions = {
  purchaseCurrencies: [
    { id: '2b92315d-eab7-5bef-84fa-089a131333f5', name: 'USD Coin', symbol: 'USDC', networks: USDC_NETWORKS },
    { id: '2b92315d-eab7-5bef-84fa-089a131333f5', name: 'Ether', symbol: 'ETH', networks: USDC_NETWORKS },
  ],
  paymentCurrencies: [
    { id: 'USD', payment_method_limits: [...DEFAULT_LIMITS] },
    { id: 'EUR', payment_method_limits: [...DEFAULT_LIMITS] },
  ],
}

/**
 * The quote shown when the quote call fails (HOSTED-API §6.3): every amount is the amount asked,
 * in the payment currency, quote id `mocked-quote-id`.
 */
export function mockQuote(amount: string, paymentCurrency: PaymentCurrency): OnrampQuote {
  const money = { amount: amount || '0', currency: paymentCurrency.id }
  return {
    paymentTotal: money,
    paymentSubtotal: money,
    purchaseAmount: money,
    networkFee: money,
    quoteId: 'mocked-quote-id',
  }
}

/** A network's chain id as the options name it: the CAIP-2 reference. */
const chainIdOf = (network: CaipNetwork) => network.caipNetworkId.split(':')[1] ?? ''

/** The network entry of `currency` for the active network, if it is sold there. */
export function purchaseNetworkOn(
  currency: PurchaseCurrency,
  network: CaipNetwork | undefined,
): PurchaseNetwork | undefined {
  return network ? currency.networks.find((item) => item.chain_id === chainIdOf(network)) : undefined
}

/**
 * The currencies the visitor can buy on the active network, and whether they are really sold there
 * (`onNetwork` false: none is, and all are listed as an estimate).
 */
export function purchaseCurrenciesOn(
  currencies: readonly PurchaseCurrency[],
  network: CaipNetwork | undefined,
): { currencies: PurchaseCurrency[]; onNetwork: boolean } {
  const sold = currencies.filter((currency) => purchaseNetworkOn(currency, network))
  return sold.length > 0 ? { currencies: sold, onNetwork: true } : { currencies: [...currencies], onNetwork: false }
}

/**
 * The default purchase currency (SPEC §3): USDC where the network has it, otherwise the network's
 * native token, otherwise the first listed.
 *
 * @example
 * ```ts
 * defaultPurchaseCurrency(options.purchaseCurrencies, solanaNetwork)?.symbol // 'SOL' when no USDC is sold there
 * ```
 */
export function defaultPurchaseCurrency(
  currencies: readonly PurchaseCurrency[],
  network: CaipNetwork | undefined,
): PurchaseCurrency | undefined {
  const { currencies: offered } = purchaseCurrenciesOn(currencies, network)
  return (
    offered.find((currency) => currency.symbol === 'USDC') ??
    offered.find((currency) => currency.symbol === network?.nativeCurrency.symbol) ??
    offered[0]
  )
}

/** The default payment currency (SPEC §3): USD, else the first listed. */
export function defaultPaymentCurrency(currencies: readonly PaymentCurrency[]): PaymentCurrency | undefined {
  return currencies.find((currency) => currency.id === 'USD') ?? currencies[0]
}

/** The limits of one payment method for a currency: the ones the options gave, else the defaults. */
export function limitsFor(currency: PaymentCurrency | undefined, methodId: string): PaymentMethodLimit | undefined {
  return (
    currency?.payment_method_limits.find((limit) => limit.id === methodId) ??
    DEFAULT_LIMITS.find((limit) => limit.id === methodId)
  )
}

/**
 * Why an amount cannot be paid with this method, or undefined when it can: not a positive
 * decimal, below the method's minimum or above its maximum.
 *
 * @example
 * ```ts
 * amountProblem('5', usd, 'card') // 'The minimum with card is 10.00 USD'
 * ```
 */
export function amountProblem(
  amount: string,
  currency: PaymentCurrency | undefined,
  methodId: string,
): string | undefined {
  const text = amount.trim()
  if (!/^\d*\.?\d+$/.test(text) || Number(text) <= 0) return onrampEn.enterAmount
  const limit = limitsFor(currency, methodId)
  if (!limit) return undefined
  const label = (PAYMENT_METHOD_LABELS[methodId] ?? methodId).toLowerCase()
  const unit = currency?.id ?? 'USD'
  const fill = (template: string, amount: string) => template.replace('{method}', label).replace('{amount}', amount)
  if (Number(text) < Number(limit.min)) return fill(onrampEn.minimum, `${limit.min} ${unit}`)
  if (Number(text) > Number(limit.max)) return fill(onrampEn.maximum, `${limit.max} ${unit}`)
  return undefined
}
