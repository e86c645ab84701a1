import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { APP_CONFIG, BaseConfig, GATEWAY_SIGNATURE_HEADER, LOGGER, sendHttpError, TokenService } from '@scriptbook/platform';
import type { Logger } from '@scriptbook/platform';
import { CampaignAccess } from '../campaigns/campaign-access';
import { CampaignExportService } from './campaign-export.service';
import { exportRequestSigned } from './export-request';
import { answeredRefusal, playerOfFileRequest } from './file-request';

/**
 * `GET /campaigns/<id>/export`: the campaign's file as a download, for a
 * member of its group, with the same bearer token as `/graphql`. A download
 * rather than a GraphQL field because the file is streamed as it is read
 * (GraphQL answers are built whole, and the gateway buffers them), and a
 * browser or `curl -O` saves it as it is. Anyone else gets 404, as for an
 * id never used.
 */
@Controller('campaigns')
export class CampaignExportController {
  private readonly requireSignature: boolean;

  constructor(
    private readonly tokens: TokenService,
    private readonly access: CampaignAccess,
    private readonly exports: CampaignExportService,
    @Inject(APP_CONFIG) private readonly config: BaseConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.requireSignature = config.NODE_ENV !== 'development';
  }

  @Get(':id/export')
  async download(@Param('id') id: string, @Req() req: IncomingMessage, @Res() res: ServerResponse): Promise<void> {
    const signed = exportRequestSigned(this.config.GATEWAY_SIGNING_SECRET, this.requireSignature, req.headers);
    if (!signed.accepted) {
      sendHttpError(res, 401, `This request did not come through the gateway: ${signed.reason}`, 'UNAUTHENTICATED', {}, { field: GATEWAY_SIGNATURE_HEADER, rule: 'signed-by-gateway' });
      return;
    }
    let campaign;
    let playerId: string;
    try {
      const player = await playerOfFileRequest(this.tokens, req.headers.authorization, 'an export needs the access token of a member of the campaign’s group');
      playerId = player.playerId;
      campaign = await this.access.require(id, player, 'id');
    } catch (error) {
      if (!answeredRefusal(res, error)) throw error;
      return;
    }
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="campaign-${campaign.id}-v${campaign.version}.json"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    try {
      await this.exports.export(campaign, playerId, async (piece) => {
        if (res.destroyed) throw new Error('the client went away');
        if (!res.write(piece)) await drained(res);
      });
      res.end();
    } catch (error) {
      // The status is sent: a file cut short must not look whole, so the connection is dropped.
      if (!res.destroyed) this.logger.error({ err: error, campaignId: campaign.id }, 'campaign export failed mid-stream');
      res.destroy();
    }
  }
}

/** Resolves when the socket takes more, or is gone; either way its listeners are removed, so a long download adds none per page. */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((done) => {
    const finish = () => {
      res.off('drain', finish);
      res.off('close', finish);
      done();
    };
    res.on('drain', finish);
    res.on('close', finish);
  });
}
