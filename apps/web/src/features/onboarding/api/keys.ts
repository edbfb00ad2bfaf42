/** Query keys of the onboarding feature: invalidating ONBOARDINGS_KEY refreshes every onboarding query. */
export const ONBOARDINGS_KEY = ['onboardings'] as const;
export const onboardingKey = (id: number) => [...ONBOARDINGS_KEY, 'detail', id] as const;
