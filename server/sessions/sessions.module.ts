import { Global, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DatabaseSessionStore } from './session.store.js';

/** The database session store, shared by the session middleware and every "end all sessions" rule. */
@Global()
@Module({
  providers: [{ provide: DatabaseSessionStore, inject: [DataSource], useFactory: (ds: DataSource) => new DatabaseSessionStore(ds) }],
  exports: [DatabaseSessionStore],
})
export class SessionsModule {}
