/** electron-builder.yml's appId: what a build without a vendor preset is installed as (a test keeps them equal). */
export const DEFAULT_APP_ID = 'is.a2awallet.app';
