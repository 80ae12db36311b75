/**
 * The English catalogue, whole: every text a visitor can see, by namespace. The source of the
 * message keys' type, of the other locales' shape and of the pseudo-locale. The modal's code imports
 * each namespace from its own file (`./en/<namespace>`), so a view's English loads with that view,
 * and a page pays only for the texts it shows.
 */
import account from './en/account'
import activity from './en/activity'
import allWallets from './en/allWallets'
import button from './en/button'
import common from './en/common'
import connect from './en/connect'
import connecting from './en/connecting'
import email from './en/email'
import errors from './en/errors'
import modal from './en/modal'
import names from './en/names'
import networks from './en/networks'
import onramp from './en/onramp'
import pay from './en/pay'
import receive from './en/receive'
import send from './en/send'
import siwx from './en/siwx'
import smartSessions from './en/smartSessions'
import social from './en/social'
import swap from './en/swap'
import titles from './en/titles'

/** Every namespace of English texts. */
export const en = {
  button,
  modal,
  titles,
  common,
  connect,
  allWallets,
  connecting,
  account,
  networks,
  errors,
  activity,
  send,
  receive,
  swap,
  onramp,
  pay,
  siwx,
  email,
  social,
  names,
  smartSessions,
}
