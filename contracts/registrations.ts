import { z } from "@hono/zod-openapi";
import { ApplicationSchema, applicationRowFields, LabelSchema, RefSchema, StageRefSchema, StatusSchema } from "./applications";

// A facility's registrations of professionals as the API answers them (GET/POST /registrations,
// /registrations/:id): the API validates and documents with these schemas; the facility's pages use
// their types.

export const ActivityKindSchema = RefSchema.openapi("ActivityKindRef");

/** An active activity kind of the OTH pathway (GET /activity-kinds): the {othersId} of the registration form. */
export const ActivityKindEntrySchema = z.object({ id: z.number().int(), name: z.string(), description: z.string().nullable() }).openapi("ActivityKind");

export const RegistrationRowSchema = z
  .object({
    ...applicationRowFields,
    activity_kind: ActivityKindSchema.nullable(),
    is_submitted: z.boolean(),
    status: StatusSchema.nullable(),
    tahap: StageRefSchema.nullable(),
    label: LabelSchema,
    submitted_at: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi("FacilityRegistrationRow");

export const RegistrationSchema = z
  .object({
    application: ApplicationSchema,
    professional: z.object({ full_name: z.string(), email: z.string() }),
    activity_kind: ActivityKindSchema.nullable(),
  })
  .openapi("FacilityRegistration");

export type RegistrationRow = z.infer<typeof RegistrationRowSchema>;
export type Registration = z.infer<typeof RegistrationSchema>;
export type ActivityKind = z.infer<typeof ActivityKindEntrySchema>;
