/** Injection token for the validated configuration of the running service. */
export const APP_CONFIG = Symbol('APP_CONFIG');
/** Injection token for the running service's name. */
export const SERVICE_NAME = Symbol('SERVICE_NAME');
