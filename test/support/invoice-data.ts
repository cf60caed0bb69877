import type { InvoiceData } from '../../site/invoices';

// Invoice data as buyers send it, for the worker and browser tests. 5260250274 is the Ministry of
// Finance's own NIP, public, and passes the checksum.

/** A Polish company's invoice data, valid as it is. */
export const POLISH_COMPANY: InvoiceData = {
  name: 'Przykładowa Firma sp. z o.o.',
  taxId: '5260250274',
  street: 'ul. Świętokrzyska 12',
  postalCode: '00-916',
  city: 'Warszawa',
  country: 'PL',
};

/** Another Polish company's, as the dialog's e2e types it. */
export const ACME: InvoiceData = {
  name: 'ACME sp. z o.o.',
  taxId: '5260250274',
  street: 'ul. Prosta 1',
  postalCode: '00-850',
  city: 'Warszawa',
  country: 'PL',
};

/** A German business with an EU VAT number (VIES confirms it in the worker tests' fake). */
export const GERMAN_COMPANY: InvoiceData = {
  name: 'Beispiel GmbH',
  taxId: 'DE123456789',
  street: 'Hauptstraße 1',
  postalCode: '10115',
  city: 'Berlin',
  country: 'DE',
};

/** A private person in Poland: no tax number. */
export const PERSON: InvoiceData = {
  name: 'Jan Kowalski',
  street: 'ul. Długa 5/3',
  postalCode: '90-001',
  city: 'Łódź',
  country: 'PL',
};
