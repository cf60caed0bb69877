// Shared by the purchase dialog (React) and the page script (client/boot.ts), which must not
// import the dialog's module.

/** The id of the page's one purchase dialog, which every product's button opens. */
export const PURCHASE_DIALOG_ID = 'purchase-dialog';

/** The e-mail of the last attempt, kept for the browser session so a cancelled payment does not lose it. */
export const PURCHASE_EMAIL_KEY = 'purchaseEmail';
