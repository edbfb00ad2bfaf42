/** Query keys of the webhooks feature. */
export const webhookKeys = {
  all: (organizationId: number) => ['webhooks', organizationId] as const,
  endpoints: (organizationId: number) => ['webhooks', organizationId, 'endpoints'] as const,
  offer: (organizationId: number) => ['webhooks', organizationId, 'offer'] as const,
  deliveries: (organizationId: number, page: number, perPage: number) =>
    ['webhooks', organizationId, 'deliveries', page, perPage] as const,
};

export const webhooksPath = (organizationId: number) => `/organizations/${organizationId}/webhooks`;
