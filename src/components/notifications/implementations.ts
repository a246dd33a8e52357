// The notifications wiring lives in src/actors; this path stays for the admin console's imports.
export * from '../../actors/notifications-implementations';
