/** The modal's frame: header, loading, alerts, notices, the views' titles. Loads with the first open. */
export default {
  back: 'Back',
  close: 'Close',
  loading: 'Loading',
  loadingView: 'Loading…',
  viewFailed: 'This view could not be loaded.',
  dismissAlert: 'Dismiss alert',
  // SPEC §1: the notice shown when the project's remote configuration overrode a local feature.
  localConfigIgnored: 'Local configuration ignored',
  // SPEC §8 alerts, by code (the console keeps the English long message for the developer).
  alertSK001: 'Project ID Not Configured',
  alertSK002: 'Invalid App Configuration',
  alertSK003: 'Network Not Found',
  alertSessionExpired: 'Session Expired',
  alertWalletLoadFailed: 'Network Error: Wallet Load Failed',
  alertWalletTimeout: 'Wallet Request Timeout',
  alertUnverifiedDomain: 'Unverified Domain',
}
