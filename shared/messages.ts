/** The spec's texts, verbatim (typos included): they are the contract. */
export const MESSAGES = {
  notFoundTitle: 'Not Found - 404',
  returnHome: 'Return to Home',
  loggingOut: 'Logging You Out...',
  sureToDelete: 'Sure to delete?',
  sureToCancel: 'Sure to cancel?',
  pleaseInput: (title: string) => `Please Input ${title}!`,
  reportEmailed: 'Your report will be emailed!',
  actionFailed: 'There was a problem with this action. Please try again later',
  requestSubmitted: 'Your request has been submitted!',
  duplicateIdentifier: 'Duplicate identifier found. Please enter a unique identifier!',
  cancelLastAddFirst: 'Cancel your last add first!',
  apiError: 'API Error!',
} as const
