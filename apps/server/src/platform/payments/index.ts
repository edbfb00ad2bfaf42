import type { Config } from '../config/env.ts';
import { offlinePaymentProcessor } from './offline.ts';
import type { ChargeResult, DescribedPaymentMethod, PaymentProcessor } from './types.ts';

export type { ChargeResult, DescribedPaymentMethod, PaymentProcessor };

/** The processor chosen by PAYMENT_PROCESSOR (default and only one available: offline). */
export function paymentProcessorFor(config: Pick<Config, 'paymentProcessor'>): PaymentProcessor {
  switch (config.paymentProcessor) {
    case 'offline':
      return offlinePaymentProcessor;
  }
}
