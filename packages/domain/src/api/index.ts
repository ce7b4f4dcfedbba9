export {
  fieldErrorSchema,
  errorBodySchema,
  idParamsSchema,
  gridSchema,
  emailRule,
  passwordRule,
  zipCodeRule,
  phoneRule,
  requiredText,
  API_ERROR_CODE,
} from './common.ts';
export type { FieldError, ErrorBody, IdParams, ApiErrorCode } from './common.ts';
export {
  tokenRequestSchema,
  tokenPairSchema,
  refreshRequestSchema,
  csrfResponseSchema,
  accessClaimsSchema,
} from './auth.ts';
export type { TokenRequest, TokenPair, RefreshRequest, CsrfResponse, AccessClaims } from './auth.ts';
export {
  languageSchema,
  countrySchema,
  subscriptionSchema,
  unitChoiceSchema,
  unitsSchema,
  userSettingsSchema,
  userClientSchema,
  userSchema,
  userInformationPatchSchema,
  languageTimezoneSchema,
  languageTimezoneUpdateSchema,
  receiveEmailsSchema,
  applicationSettingsSchema,
  changePasswordSchema,
  clientUsersResponseSchema,
} from './user.ts';
export type {
  UnitChoice,
  Units,
  User,
  UserInformationPatch,
  LanguageTimezone,
  LanguageTimezoneUpdate,
  ReceiveEmails,
  ApplicationSettings,
  ChangePassword,
  ClientUsersResponse,
} from './user.ts';
export {
  registerRequestSchema,
  registerResponseSchema,
  passwordResetRequestSchema,
  resetIdParamsSchema,
  forgotPasswordRequestSchema,
  contactUsRequestSchema,
} from './accounts.ts';
export type {
  RegisterRequest,
  RegisterResponse,
  PasswordResetRequest,
  ResetIdParams,
  ForgotPasswordRequest,
  ContactUsRequest,
} from './accounts.ts';
export {
  clientDetailsSchema,
  clientSchema,
  clientListResponseSchema,
  setClientRequestSchema,
} from './client.ts';
export type { ClientDetails, Client, ClientListResponse, SetClientRequest } from './client.ts';
export {
  healthResponseSchema,
  publicConfigSchema,
  outboxMailSchema,
  outboxResponseSchema,
} from './system.ts';
export type { HealthResponse, PublicConfig, OutboxMail, OutboxResponse } from './system.ts';
export * from './datasets.ts';
export * from './imports.ts';
