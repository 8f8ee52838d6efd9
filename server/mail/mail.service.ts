import { BackgroundWork } from '../common/background-work.js';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createTransport, type Transporter } from 'nodemailer';
import type { Repository } from 'typeorm';
import { appConfig, type AppConfig } from '../config/config.module.js';
import { redactAddresses } from '../common/redact.js';
import { OutboxMail } from './outbox-mail.entity.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Generous enough for a slow relay, short enough that a dead one cannot hold a request for minutes. */
const SMTP_TIMEOUT_MS = 15_000;

/**
 * Sends e-mail through SMTP_URL, and keeps every message in the mail_outbox table.
 * Without SMTP_URL the outbox is the delivery: a self-hoster reads links from it.
 * Never throws on a delivery failure: the row records 'failed' and a warning is logged.
 * Log lines name the subject and the outbox id only: never the recipient (personal data; the
 * outbox row has it) nor the text, which holds links with tokens.
 */
@Injectable()
export class MailService implements OnModuleDestroy {
  private readonly logger = new Logger('Mail');
  private readonly transport: Transporter | undefined;
  private readonly background = new BackgroundWork(this.logger, 'Sending an e-mail failed');

  constructor(
    @Inject(appConfig.KEY) env: AppConfig,
    @InjectRepository(OutboxMail) private readonly outbox: Repository<OutboxMail>,
  ) {
    // Query parameters of SMTP_URL (e.g. ?ignoreTLS=true) override these defaults.
    this.transport = env.smtpUrl
      ? createTransport(
          {
            url: env.smtpUrl,
            connectionTimeout: SMTP_TIMEOUT_MS,
            greetingTimeout: SMTP_TIMEOUT_MS,
            socketTimeout: SMTP_TIMEOUT_MS,
          },
          { from: env.mailFrom },
        )
      : undefined;
  }

  async send(message: MailMessage): Promise<OutboxMail['status']> {
    if (!this.transport) {
      const row = await this.store(message, 'stored');
      this.logger.log(`An e-mail "${message.subject}" was stored in the outbox (mail_outbox id ${row.id}); set SMTP_URL to send e-mail`);
      return 'stored';
    }
    try {
      await this.transport.sendMail({ to: message.to, subject: message.subject, text: message.text });
      await this.store(message, 'sent');
      return 'sent';
    } catch (error) {
      const row = await this.store(message, 'failed');
      const reason = error instanceof Error ? error.message : String(error);
      // A relay's refusal often quotes the recipient.
      this.logger.warn(`An e-mail "${message.subject}" could not be sent (mail_outbox id ${row.id}): ${redactAddresses(reason)}`);
      return 'failed';
    }
  }

  /** Sends without delaying the caller's answer (a notice, not a link the caller waits for); awaited at shutdown. */
  sendInBackground(message: MailMessage): void {
    this.background.run(async () => {
      await this.send(message);
    });
  }

  /** Lets tests and shutdown wait for e-mails already on their way. */
  settled(): Promise<void> {
    return this.background.settled();
  }

  async onModuleDestroy(): Promise<void> {
    await this.settled();
    this.transport?.close();
  }

  /** One INSERT, no transaction of its own: e-mails sent side by side on SQLite must not nest transactions. */
  private async store(message: MailMessage, status: OutboxMail['status']): Promise<OutboxMail> {
    const row = this.outbox.create({ ...message, status });
    await this.outbox.insert(row);
    return row;
  }
}
