// Shown on the login page in demo mode and in the README; seeded when SEED_DEMO is on.
export const demoAccounts = {
	learner: { email: 'learner@example.com', password: 'learner-demo-2026', name: 'Demo Learner', role: 'user' },
	admin: { email: 'admin@example.com', password: 'admin-demo-2026', name: 'Demo Admin', role: 'admin' },
} as const
