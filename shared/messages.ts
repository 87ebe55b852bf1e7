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
  /** spec 000 §2: the confirmation of the Home cards that email many owners */
  areYouSure: 'Are you sure?',
  requestSubmitted: 'Your request has been submitted!',
  duplicateIdentifier: 'Duplicate identifier found. Please enter a unique identifier!',
  cancelLastAddFirst: 'Cancel your last add first!',
  apiError: 'API Error!',
  /** spec 001 §8: the inline add of a cloud contact reads the record back (GET /cloud_contacts/{id}) */
  contactReadBackFailed: 'There was a problem getting this cloud contact record after adding the record. Please try again.',
  /** spec 001 §5: the cost center's cloud contact must exist first */
  contactMissing: (email: string) =>
    `Cloud contact: ${email} doesn't exists! Please add it first before creating (or editing) this cost center this form`,
  editedDepartmentNone: "Edited Department can't be None!",
  editedBusinessUnitNone: "Edited Business Unit can't be None!",
  /** spec 001 §5: a GitHub app's cost center may not be edited to None */
  editedCostCenterNone: "Edited Cost Center can't be None!",
  sapUploaded: 'The updated cost centers will be emailed to you!',
  /** spec 001 §8: the text is cut off in the spec; the server's error follows it */
  sapUploadFailed: 'There was an issue uploading your file, please ensure that the data',
  sapFileMustBeCsvZip: 'The file must be a zipped CSV (.csv.zip).',
  /** spec 001 §8: the server's error field follows it */
  networkUploadFailed: 'There was a problem uploading the file. Please try again. Error message: ',
  /** spec 001 §8's success of an upload whose answer is data, not a record */
  dataSubmitted: 'Your new data has been submitted!',
  networkFileMustBeCsv: 'The file must be a CSV (.csv).',
  /** spec 000 §5: the missing-tags report configs and the customers */
  printMessageRequired: 'print message is required',
  termRequired: 'At least a term of ignore is required',
  termValueRequired: 'Value of the terms of ignore is required',
  printMessageExists: 'print message: "{value}" exists',
  customerNameRequired: 'Customer name is required',
  sfdcIdRequired: 'At least a sfdc id is required',
  sfdcIdValueRequired: 'Value of the sfdc id is required',
  customerNameExists: 'Customer name: "{value}" exists',
  /** spec 000 §8: 'There was a problem updating/adding/deleting this config record. Please try again.' */
  configDeleteFailed: (noun: string) => `There was a problem deleting this ${noun} record. Please try again.`,
  /** spec 000 §8: the security group form */
  usersAdded: 'Users Successfully Added!',
  usersRemoved: 'Users Successfully Removed!',
  requestFailed: 'Error your request failed',
  /** spec 000 §8: the member self-service */
  memberUpdated: 'Your request has been successfully submitted!',
  memberUpdateFailed: 'Something went wrong. Please reach out to the CCOE Team',
  /** spec 001 §8: a failed cloud bills upload */
  workbookUploadFailed: 'There was a problem submitting this workbook. Please try again.',
  /** spec 001 §8: a failed bills export (verbatim, 'submitting exporting' included) */
  billsExportFailed: 'There was a problem submitting exporting this request. Please try again.',
} as const
