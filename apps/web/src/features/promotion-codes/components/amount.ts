import type { PromotionCode } from '@archline/contracts';
import { formatCents, formatPercent } from '../../../lib/format.ts';

/** A code's amount: dollars when is_fixed ('$25.00'), otherwise a percentage ('12.5%'). */
export function promotionCodeAmount(code: Pick<PromotionCode, 'value' | 'is_fixed'>): string {
  return code.is_fixed ? formatCents(code.value) : formatPercent(code.value);
}
