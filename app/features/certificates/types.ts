/** A certificate in the learner's list (profile). */
export type CertificateSummary = { id: string; path: string; pathId: string; issuedAt: number; xp: number }

/** The path page's view: the learner's certificate for the path, or whether they may claim one. */
export type PathCertificateState = { certificateId: string | null; complete: boolean }
