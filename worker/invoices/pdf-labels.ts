import type { InvoiceKind } from '../../site/invoices';

/**
 * The printed words of the invoice documents, each in Polish and English. An invoice is always in
 * Polish (the VAT act's language); a buyer outside Poland gets every label in both ("Data
 * wystawienia / Date of issue"), in one line, so an accountant of either language reads the same
 * document.
 */
const LABELS = {
  number: { pl: 'nr', en: 'no.' },
  order: { pl: 'Zamówienie', en: 'Order' },
  issuedOn: { pl: 'Data wystawienia', en: 'Date of issue' },
  paidOn: { pl: 'Data otrzymania zapłaty', en: 'Date payment received' },
  suppliedOn: { pl: 'Data wykonania usługi', en: 'Date of supply' },
  seller: { pl: 'Sprzedawca', en: 'Seller' },
  buyer: { pl: 'Nabywca', en: 'Buyer' },
  nip: { pl: 'NIP', en: 'Tax ID' },
  euVatId: { pl: 'Nr VAT UE', en: 'EU VAT number' },
  taxId: { pl: 'Nr identyfikacji podatkowej', en: 'Tax number' },
  items: { pl: 'Pozycje', en: 'Items' },
  correctionItems: { pl: 'Korekta pozycji (różnica)', en: 'Corrected items (difference)' },
  lp: { pl: 'Lp.', en: 'No.' },
  name: { pl: 'Nazwa usługi', en: 'Description' },
  unit: { pl: 'J.m.', en: 'Unit' },
  pieces: { pl: 'szt.', en: 'pcs' },
  quantity: { pl: 'Ilość', en: 'Qty' },
  unitNet: { pl: 'Cena jedn. netto', en: 'Unit net price' },
  discount: { pl: 'Rabat', en: 'Discount' },
  net: { pl: 'Wartość netto', en: 'Net value' },
  vatRate: { pl: 'Stawka VAT', en: 'VAT rate' },
  vat: { pl: 'Kwota VAT', en: 'VAT amount' },
  gross: { pl: 'Wartość brutto', en: 'Gross value' },
  notTaxed: { pl: 'np.', en: 'n/a' },
  summary: { pl: 'Podsumowanie według stawek VAT', en: 'Summary by VAT rate' },
  total: { pl: 'Razem', en: 'Total' },
  totalDue: { pl: 'Kwota należności ogółem', en: 'Total amount' },
  correctionTotal: { pl: 'Kwota korekty brutto', en: 'Gross amount of the correction' },
  toRefund: { pl: 'Do zwrotu nabywcy', en: 'To be refunded to the buyer' },
  reverseCharge: { pl: 'Odwrotne obciążenie', en: 'Reverse charge' },
  reverseChargeBasis: {
    pl: 'Usługa opodatkowana u nabywcy (art. 28b ustawy o VAT); podatek rozlicza nabywca.',
    en: 'Service taxed where the customer is established (art. 44 and 196 of Directive 2006/112/EC); the customer accounts for the VAT.',
  },
  payment: { pl: 'Płatność', en: 'Payment' },
  paid: { pl: 'Zapłacono', en: 'Paid' },
  paymentMethod: { pl: 'Sposób zapłaty', en: 'Payment method' },
  card: { pl: 'karta płatnicza', en: 'payment card' },
  transfer: { pl: 'przelew', en: 'bank transfer' },
  paymentDate: { pl: 'Data zapłaty', en: 'Date of payment' },
  correctionOf: { pl: 'Faktura korygowana', en: 'Corrected invoice' },
  correctedIssuedOn: { pl: 'z dnia', en: 'of' },
  correctedKsef: { pl: 'Numer KSeF faktury korygowanej', en: 'KSeF number of the corrected invoice' },
  // The corrected invoice is on its way to KSeF: the correction waits for its number and is sent
  // with it (worker/box-office/invoices.ts); a PDF made meanwhile says so.
  correctedKsefPending: {
    pl: 'jeszcze nie nadano (faktura w drodze do KSeF)',
    en: 'not yet assigned (invoice on its way to KSeF)',
  },
  // An example invoice is never sent.
  correctedNotInKsef: { pl: 'nie dotyczy (faktura przykładowa)', en: 'none (example invoice)' },
  reason: { pl: 'Przyczyna korekty', en: 'Reason for the correction' },
  dataBefore: { pl: 'Dane przed korektą', en: 'Data before the correction' },
  dataAfter: { pl: 'Dane po korekcie', en: 'Data after the correction' },
  amountsUnchanged: {
    pl: 'Korekta danych nabywcy: kwoty faktury korygowanej pozostają bez zmian.',
    en: "Correction of the buyer's data: the amounts of the corrected invoice are unchanged.",
  },
  ksefNumber: { pl: 'Numer KSeF', en: 'KSeF number' },
  ksefVerify: {
    pl: 'Zeskanuj kod, aby sprawdzić fakturę w KSeF.',
    en: 'Scan the code to verify the invoice in KSeF.',
  },
  ksefNotYet: {
    pl: 'Faktura nie została jeszcze przesłana do KSeF.',
    en: 'This invoice has not yet been sent to KSeF.',
  },
  ksefExample: {
    pl: 'Faktura przykładowa: nie jest przesyłana do KSeF.',
    en: 'Example invoice: it is not sent to KSeF.',
  },
  exampleTitle: { pl: 'PRZYKŁAD – TO NIE JEST WAŻNA FAKTURA', en: 'EXAMPLE – THIS IS NOT A VALID INVOICE' },
  exampleText: {
    pl: 'Dane sprzedawcy są przykładowe. Dokument nie ma skutków podatkowych.',
    en: "The seller's details are example data. This document has no tax effect.",
  },
  exampleProformaTitle: { pl: 'PRZYKŁAD – NIE WYKONUJ PRZELEWU', en: 'EXAMPLE – DO NOT MAKE A TRANSFER' },
  exampleProformaText: {
    pl: 'Dane sprzedawcy i rachunek bankowy są przykładowe.',
    en: "The seller's details and the bank account are example data.",
  },
  page: { pl: 'Strona', en: 'Page' },
  pageOf: { pl: 'z', en: 'of' },
  proforma: { pl: 'Faktura pro forma', en: 'Pro forma invoice' },
  proformaNotInvoice: {
    pl: 'Dokument nie jest fakturą VAT ani dowodem księgowym; fakturę wystawimy po otrzymaniu zapłaty.',
    en: 'This document is not a VAT invoice nor an accounting record; the invoice follows once payment is received.',
  },
  undrawable: {
    pl: '[…] – znaki, których ten PDF nie potrafi wyświetlić (np. pismo chińskie lub arabskie, emoji). Dane zapisano dokładnie tak, jak je podano, i w tej postaci są w e-fakturze (XML FA(3), KSeF).',
    en: '[…] – characters this PDF cannot display (such as Chinese or Arabic script, emoji). The data are kept exactly as given and appear so in the e-invoice (FA(3) XML, KSeF).',
  },
  undrawableProforma: {
    pl: '[…] – znaki, których ten PDF nie potrafi wyświetlić (np. pismo chińskie lub arabskie, emoji). Dane zapisano dokładnie tak, jak je podano, i w tej postaci trafią do e-faktury (XML FA(3), KSeF).',
    en: '[…] – characters this PDF cannot display (such as Chinese or Arabic script, emoji). The data are kept exactly as given and will appear so in the e-invoice (FA(3) XML, KSeF).',
  },
  amountToPay: { pl: 'Do zapłaty', en: 'Amount to pay' },
  bankAccount: { pl: 'Numer rachunku', en: 'Bank account (IBAN)' },
  bank: { pl: 'Bank', en: 'Bank' },
  swift: { pl: 'SWIFT/BIC', en: 'SWIFT/BIC' },
  transferTitle: { pl: 'Tytuł przelewu', en: 'Transfer title' },
  payUntil: { pl: 'Termin płatności', en: 'Pay by' },
  transferHeading: { pl: 'Dane do przelewu', en: 'Bank transfer details' },
  transferNote: {
    pl: 'Podaj dokładnie ten tytuł przelewu: po nim przypiszemy wpłatę do zamówienia. Nieopłacone zamówienie wygasa po terminie płatności.',
    en: 'Use exactly this transfer title: it matches your payment to the order. An order not paid by the due date expires.',
  },
} as const satisfies Record<string, { pl: string; en: string }>;

export type LabelKey = keyof typeof LABELS;
export type DocumentLanguages = 'pl' | 'pl+en';

/** A label in the document's languages: "Data wystawienia", or "Data wystawienia / Date of issue". */
export function label(languages: DocumentLanguages, key: LabelKey): string {
  const { pl, en } = LABELS[key];
  return languages === 'pl' || pl === en ? pl : `${pl} / ${en}`;
}

/** A label's two languages apart, for layouts that set the English under the Polish. */
export const labelParts = (key: LabelKey) => LABELS[key];

const TITLES: Record<InvoiceKind, { pl: string; en: string }> = {
  VAT: { pl: 'Faktura', en: 'Invoice' },
  ZAL: { pl: 'Faktura zaliczkowa', en: 'Advance invoice' },
  KOR: { pl: 'Faktura korygująca', en: 'Corrective invoice' },
  KOR_ZAL: { pl: 'Faktura korygująca', en: 'Corrective invoice' },
};

/** The document's title by its kind, as the VAT act names it, in Polish and in English. */
export const invoiceTitleParts = (kind: InvoiceKind) => TITLES[kind];

/** The document's title in its languages: "Faktura", or "Faktura / Invoice". */
export function invoiceTitle(languages: DocumentLanguages, kind: InvoiceKind): string {
  const { pl, en } = TITLES[kind];
  return languages === 'pl' ? pl : `${pl} / ${en}`;
}
