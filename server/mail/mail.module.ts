import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailService } from './mail.service.js';
import { OutboxMail } from './outbox-mail.entity.js';

/** Outgoing e-mail: `MailService.send({ to, subject, text })`. */
@Module({
  imports: [TypeOrmModule.forFeature([OutboxMail])],
  providers: [MailService],
  exports: [MailService],
})
export class MailModule {}
