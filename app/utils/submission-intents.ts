// The intents of a draft's posts besides a save, shared by the applicant's and the facility's forms: store
// one document (its own form); show the draft back ("Periksa kembali"); send it (the check's Yes).

export const INTENT_UPLOAD = "upload";
export const INTENT_CHECK = "check";
export const INTENT_CONFIRM = "confirm";
