/** Query keys of billing. The payment info key is the one the account setup uses too. */
export const BILLING_KEY = ['billing'] as const;
export const paymentInfoKey = (organizationId: number) =>
  ['organizations', organizationId, 'payment-info'] as const;
export const organizationContractKey = (organizationId: number) =>
  [...BILLING_KEY, 'organization-contract', organizationId] as const;
export const organizationOrdersKey = (organizationId: number) =>
  [...BILLING_KEY, 'organization-orders', organizationId] as const;
export const currentOrderKey = (organizationId: number) =>
  [...BILLING_KEY, 'current-order', organizationId] as const;
export const CONTRACTS_KEY = [...BILLING_KEY, 'contracts'] as const;
export const contractKey = (id: number) => [...CONTRACTS_KEY, 'one', id] as const;
export const periodicRulesKey = (contractId: number) =>
  [...CONTRACTS_KEY, 'periodic-rules', contractId] as const;
export const organizationSeatsKey = (organizationId: number) =>
  [...BILLING_KEY, 'organization-seats', organizationId] as const;
