// 'Rate ≈ $X/min' (3 decimals), the minutes the balance pays for, and under them how calls to the number are
// billed and rounded (billing-rule.ts), for the number typed (spec §2, §5: only for 8+ characters; a failed lookup
// hides them).
import { useQuery } from '@tanstack/react-query';
import { pricingOf } from '@ringwise/contract/calls';
import { rateQueries } from '@ringwise/contract/rates';
import { formatRate } from '@ringwise/ui/format';
import { billingRuleOf, minutesAffordable, roundingRule } from './billing-rule.ts';

export function RateLine({ number, balance }: { number: string | null; balance: string | null }) {
  const lookup = useQuery({ ...rateQueries.lookup(number ?? ''), enabled: number !== null, meta: { handlesError: true } });
  const found = number !== null && lookup.isSuccess ? lookup.data : null;
  // an api older than this remote answers the rate alone: then the rule is not stated (no guessing)
  const pricing = found && typeof found.pricePerMinute === 'string' ? pricingOf(found) : null;
  const minutes = pricing && balance !== null ? minutesAffordable(pricing, balance) : null;
  return (
    <div className="dl:flex dl:flex-col dl:items-center dl:text-sm dl:text-muted-foreground" aria-live="polite">
      <p className="dl:flex dl:justify-center dl:gap-3" data-testid="rate-line">
        {found ? (
          <>
            <span>Rate ≈ {formatRate(found.rate)}/min</span>
            {minutes !== null ? <span>≈ {minutes} min available</span> : null}
          </>
        ) : null}
      </p>
      {pricing ? (
        <>
          <p className="dl:text-center dl:text-xs" data-testid="billing-rule">
            {billingRuleOf(pricing)}
          </p>
          <p className="dl:text-center dl:text-xs" data-testid="billing-rounding">
            {roundingRule}
          </p>
        </>
      ) : null}
    </div>
  );
}
