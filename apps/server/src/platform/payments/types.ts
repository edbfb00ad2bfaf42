/**
 * The card and bank processor behind payment methods and charges. Card and bank details are
 * tokenized in the browser; the server only ever sees the processor's token.
 */
export interface DescribedPaymentMethod {
  type: 'card' | 'bank';
  /** e.g. 'Visa ending in 4242', 'Savings account ending in 6789'. */
  nickname: string;
  /** Cards: the last day of the expiry month ('YYYY-MM-DD'); banks: null. */
  card_exp_datetime: string | null;
  /** The same card or account gives the same fingerprint, whatever the token. */
  fingerprint: string;
}

export type ChargeResult = { ok: true; reference: string } | { ok: false; message: string };

export interface PaymentProcessor {
  readonly name: string;
  /** What a token stands for; null when the processor does not know it. */
  describeToken(token: string): DescribedPaymentMethod | null;
  /**
   * Charges `amount` dollars to the token's card or account. With an `idempotencyKey`, asking
   * again with the same key never charges twice: the processor answers the first outcome.
   */
  charge(input: {
    token: string;
    amount: number;
    description: string;
    idempotencyKey?: string;
  }): Promise<ChargeResult>;
}
