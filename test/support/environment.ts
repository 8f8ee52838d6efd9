// Runs before any module loads: entities pick their column types from DATABASE_URL.
if (process.env.TEST_DATABASE_URL) {
  process.env.DATABASE_URL = process.env.TEST_DATABASE_URL;
} else {
  delete process.env.DATABASE_URL;
}
process.env.LOG_LEVEL ??= 'error';
// Stored faces of another model stay put unless a test moves them (FaceModelMigrations.step): specs insert faceres rows of their own.
process.env.FACE_MODEL_MIGRATION ??= 'paused';
process.env.NODE_ENV = 'test';
delete process.env.REDIS_URL;
delete process.env.SMTP_URL;
delete process.env.ADMIN_EMAIL;
delete process.env.ADMIN_PASSWORD;
delete process.env.SUMSUB_APP_TOKEN;
delete process.env.SUMSUB_SECRET_KEY;
