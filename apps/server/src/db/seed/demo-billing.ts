import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema.ts';
import { buildPaymentMethod, buildProduct } from './billing-factories.ts';

/**
 * Billing demo data, after the monthly invoices of the reports (demo-reports.ts): each invoice gets
 * its monthly-fee line, the newest invoice of each practice is its current one, the practices get
 * payment methods (the demo practice a card expiring soon, an expired one and a bank account), and
 * Riverside's unpaid current invoice carries a periodic charge, a protected free-month discount
 * and a manual discount, so the subscription screens show every kind of line.
 */
export async function seedDemoBilling(db: Kysely<DB>, input: { demoOrganizationId: number }): Promise<void> {
  const monthly = await buildProduct(db, 'monthly_fee', 'Monthly Fee');

  // The monthly-fee line of every invoice that has none (its amount is the invoice's subtotal).
  await sql`
    insert into order_items (order_id, product_id, value, start_date, end_date)
    select o.id, ${monthly.id}, o.subtotal, o.period_start, o.period_end
    from orders o
    where not exists (select 1 from order_items i where i.order_id = o.id)`.execute(db);

  // The newest invoice of each practice is its current (open) one.
  await sql`
    update orders o set is_current = true
    from (
      select distinct on (organization_id) id
      from orders
      where kind = 'monthly'
      order by organization_id, invoice_date desc nulls last, id desc
    ) newest
    where o.id = newest.id`.execute(db);

  // The demo practice's current invoice uses the per-patient layout (template version 2) with three
  // of its cases.
  await sql`
    update orders o set template_version = 2, template_data = jsonb_build_object('patients', cases.list)
    from (
      select jsonb_agg(jsonb_build_object(
        'patient_name', p.first_name || ' ' || p.last_name,
        'doctor_name', u.first_name || ' ' || u.last_name,
        'doctor_account_number', u.account_number,
        'case_number_text', p.case_number_text,
        'creation_date', to_char(p.created_at, 'YYYY-MM-DD'),
        'base_fee', 15000,
        'deductions', case when n = 1 then '[{"label": "Volume discount", "value": 1500}]'::jsonb else '[]'::jsonb end,
        'add_ons', case when n = 2 then '[{"label": "Rush case", "value": 5000, "details": "Both arches"}]'::jsonb
                        else '[]'::jsonb end,
        'total', 15000 - case when n = 1 then 1500 else 0 end + case when n = 2 then 5000 else 0 end
      ) order by n) as list
      from (
        select p.*, row_number() over (order by p.id) as n
        from patients p
        where p.organization_id = ${input.demoOrganizationId} and p.deleted_at is null
        order by p.id
        limit 3
      ) p
      join users u on u.id = p.user_id
    ) cases
    where o.organization_id = ${input.demoOrganizationId} and o.is_current and cases.list is not null`.execute(
    db,
  );

  // Payment methods: the demo practice's four, one card for every other practice with a contract.
  const now = new Date();
  const monthEnd = (monthsAhead: number) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + monthsAhead + 1, 0));
    return d.toISOString().slice(0, 10);
  };
  const demo = input.demoOrganizationId;
  await buildPaymentMethod(db, demo, { type: 'card', last4: '4242', expiry: monthEnd(30), is_primary: true });
  await buildPaymentMethod(db, demo, {
    type: 'card',
    last4: '4444',
    expiry: monthEnd(1),
    nickname: 'Mastercard ending in 4444',
  });
  await buildPaymentMethod(db, demo, {
    type: 'card',
    last4: '0005',
    expiry: monthEnd(-2),
    nickname: 'American Express ending in 0005',
  });
  await buildPaymentMethod(db, demo, { type: 'bank', last4: '6789' });
  const others = await db
    .selectFrom('contracts')
    .innerJoin('organizations', 'organizations.id', 'contracts.organization_id')
    .select(['contracts.organization_id', 'organizations.name'])
    .where('contracts.organization_id', '<>', demo)
    .where('contracts.license_id', 'is not', null)
    .where('organizations.deleted_at', 'is', null)
    .orderBy('contracts.organization_id')
    .execute();
  for (const [i, org] of others.entries())
    await buildPaymentMethod(db, org.organization_id, {
      type: 'card',
      last4: String(1111 + i * 1111).slice(-4),
      expiry: monthEnd(24),
      is_primary: true,
    });

  // Riverside's unpaid current invoice: a periodic charge, a free-month code and a manual discount.
  const riverside = await db
    .selectFrom('orders')
    .innerJoin('organizations', 'organizations.id', 'orders.organization_id')
    .select(['orders.id', 'orders.subtotal'])
    .where('organizations.name', '=', 'Riverside Family Dental')
    .where('orders.is_current', '=', true)
    .executeTakeFirst();
  if (riverside) {
    await db
      .insertInto('promotion_codes')
      .values({
        code: 'FIRSTMONTHFREE',
        description: 'First month free',
        value: '100',
        is_fixed: false,
        promotion_code_type_id: 1,
      })
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    const code = await db
      .selectFrom('promotion_codes')
      .select('id')
      .where('code', '=', 'FIRSTMONTHFREE')
      .executeTakeFirstOrThrow();
    const rule = await db
      .insertInto('periodic_rules')
      .values({
        contract_id: sql<number>`(select contract_id from orders where id = ${riverside.id})`,
        type: 'charge',
        value: '25.00',
        custom_description: 'Extra cloud storage',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('order_adjustments')
      .values([
        {
          order_id: riverside.id,
          kind: 'charge',
          periodic_rule_id: rule.id,
          custom_description: 'Extra cloud storage',
          value: '25.00',
          is_periodic: true,
        },
        {
          order_id: riverside.id,
          kind: 'discount',
          promotion_code_id: code.id,
          product_id: monthly.id,
          value: '50.00',
        },
        { order_id: riverside.id, kind: 'discount', custom_description: 'Loyalty discount', value: '20.00' },
      ])
      .execute();
    // subtotal - 70 + 25, plus the 1.49% card fee
    await sql`
      update orders set
        credits = 0,
        credit_card_fee = round(greatest(subtotal - 45, 0) * 0.0149, 2),
        total = greatest(subtotal - 45, 0) + round(greatest(subtotal - 45, 0) * 0.0149, 2)
      where id = ${riverside.id}`.execute(db);
  }
}
