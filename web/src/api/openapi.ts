// Generated from the API's OpenAPI document by `npm run api:types`. Do not edit.

export type paths = {
    "/api/bots/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The configured bot service's webhooks (register this address there), verified by their signature on the raw body and acted upon once each. */
        post: operations["receiveBotWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user's connections, newest first; credentials only as which fields are set. */
        get: operations["listConnections"];
        put?: never;
        /** Create a connection; it is saved once its fields are valid, then checked with the tracker. */
        post: operations["createConnection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connections/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change a connection (fields left out and credential fields left empty keep their values), then check it with the tracker. */
        put: operations["updateConnection"];
        post?: never;
        /** Delete a connection and its delivery log. One made with "Connect with …" has its access revoked at the vendor first where the vendor offers that (GitHub, Miro); a revocation that fails does not stop the deletion. */
        delete: operations["deleteConnection"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connections/{id}/bulk-push": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Push tickets through a connection: each is created once, in dependency order, and linked to its dependencies. Waits for the result up to waitSeconds (default 20); a batchId already used joins that push. */
        post: operations["bulkPush"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connections/{id}/candidates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The push wizard's summary: per ticket not pushed yet, the connection's open items that are likely the same task, each with a score, for the reviewer to create, link or comment. Nothing is changed. */
        post: operations["pushCandidates"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connections/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The newest requests the connection's tracker plugin made (method, URL without query, status or error, duration). */
        get: operations["connectionDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connections/{id}/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The push wizard's summary: the item a push through the connection would create for one ticket (title, body, fields, assignee, what follows, the request itself), built by the tracker plugin's own create code. Only reads from the tracker. */
        post: operations["previewPush"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connections/{id}/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add Tickscribe projects to a connection's project mappings, as the push wizard does when a member chooses it for a project; nothing else of the connection changes. */
        post: operations["addConnectionProjects"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connections/{id}/pushes/{batchId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A push's progress while it runs (the wizard's pushing step) and its result once it has finished. */
        get: operations["pushStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connections/{id}/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Check the saved credentials and target with the tracker again; the outcome is kept as lastVerification. */
        post: operations["verifyConnection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connections/{id}/webhook-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Makes the connection a new webhook secret and answers it this once, with the address to register it at in the tracker and what to register, so its tickets follow their items as soon as they change; the secret made before stops verifying deliveries. */
        post: operations["makeConnectionWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connections/oauth/{type}/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** "Connect with …": keeps a single-use sign-in (ten minutes) for a new connection (what the form holds) or a saved one to reconnect, and answers the vendor's authorize URL to send the browser to. The vendor returns it to APP_URL/connections/oauth/callback. */
        post: operations["startConnectionOAuth"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connections/oauth/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Completes "Connect with …" with what the vendor sent the browser back with: the state must be this user's, unused and under ten minutes old; the code is exchanged for tokens (sealed like credentials), the connection created or its tokens replaced, then verified. */
        post: operations["completeConnectionOAuth"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connections/project/{project}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The user's connection for a Tickscribe project: by project identifier, project mappings or name, ignoring case. */
        get: operations["connectionForProject"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connections/types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The connection types this server offers (its tracker plugins, built-in and third-party) with the credential and setting fields each needs, read from the plugin’s schemas: enough to build the form for any of them. */
        get: operations["listConnectionTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connections/users/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The people the tracker can assign whose name, login or e-mail matches the query (at most 20), for the user mapping: of a saved connection (any member), or of the connection form before it is saved (an admin; blank credential fields take the saved connection's). Nothing is saved. */
        post: operations["searchTrackerUsers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dev/outbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The latest 50 e-mails in the local outbox, newest first, with their links (development without SMTP only). */
        get: operations["devOutbox"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether the service, its database, Temporal and the workers are up. */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invitations/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What an invitation link offers (the workspace, who sent it, the address and role), for the link's page. */
        get: operations["getInvitation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invitations/{token}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Accept an invitation sent to the signed-in user's address: they join its workspace with its role. The link works once. */
        post: operations["acceptInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/proposals/{id}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Merge the meeting's ticket into the open one (its due date and priority only as asked), or mark the ticket Done (sent on to its tracker items like an edit of the status). */
        post: operations["acceptProposal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/proposals/{id}/dismiss": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Keep the tickets separate (or the status as it is): nothing changes but the proposal. */
        post: operations["dismissProposal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/push/analyze": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The push wizard's first step: which selected tickets are already pushed, which connection serves each project of the rest (or none), and which assignees each connection has no user mapping for. */
        post: operations["analyzePush"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/recall/bots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user's active bots (not yet reported on, joining or recording), and whether a bot service is configured; the panel polls this every 10 s while there are bots. */
        get: operations["listBots"];
        put?: never;
        /** Send a bot into a meeting: it records it, and the meeting's transcript is processed into tickets when it ends. */
        post: operations["createBot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/recall/bots/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of the user's bots, by the bot service's id, in whatever state (the outcome of one that ended). */
        get: operations["getBot"];
        put?: never;
        post?: never;
        /** Cancel a bot: it is removed from the meeting (or never sent) and ends as cancelled. */
        delete: operations["cancelBot"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/subscriptions/current": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The workspace's plan and subscription: status, subscription date, period end, cancellation, and whether billing can be managed. */
        get: operations["currentSubscription"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/subscriptions/payment-history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The payments for the workspace's plan (date, amount, description, status), newest first, from this installation's records. */
        get: operations["paymentHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/subscriptions/subscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Subscribe the workspace to a paid plan, paid by its owner: answers the Stripe Checkout page to send the browser to, or changes the plan of a live subscription at once. */
        post: operations["subscribe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/subscriptions/tiers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The plans (Free, Pro, Enterprise) with price, interval, features and monthly token limits, and whether paid plans can be bought here. */
        get: operations["listSubscriptionTiers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tickets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user's tickets, newest first. */
        get: operations["listTickets"];
        put?: never;
        /** Create a ticket (title, project and description required; status ToDo and priority Medium by default). */
        post: operations["createTicket"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tickets/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One ticket. */
        get: operations["getTicket"];
        /** Change a ticket; fields left out keep their values. */
        put: operations["updateTicket"];
        post?: never;
        /** Delete a ticket; other tickets stop depending on it. */
        delete: operations["deleteTicket"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tickets/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A ticket's history, newest first, a page at a time: extracted from a meeting or created by hand, each edit (who, before, after), each push and each status followed from or sent to a tracker; `kind` keeps one kind of event. */
        get: operations["ticketEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tickets/filtered": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Tickets filtered by status, priority, project and pushed state, with a text search; newest first. */
        get: operations["filterTickets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tickets/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Tickets whose text contains q (for dependencies). */
        get: operations["searchTickets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tickets/users/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Assignee suggestions: participants of the user's transcripts and assignees already used. */
        get: operations["searchAssignees"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/token-usage/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The workspace's usage entries (every member's), newest first, a page at a time. */
        get: operations["tokenUsageHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/token-usage/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resets the period's token usage now; possible once every 30 days (the stats say when next). */
        post: operations["resetTokenUsage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/token-usage/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This period's input and output tokens used, the plan's limits, the next reset, whether the workspace is blocked, and the manual reset's cooldown. */
        get: operations["tokenUsageStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/trackers/{connectionId}/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A connection's tracker webhook (register this address, with the secret made on the connection's page, in the tracker): verified by its signature on the raw body with the connection's webhook secret (Azure DevOps, which signs nothing: its Basic authentication password), then the item's status applied to its tickets, once. */
        post: operations["receiveTrackerWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/transcripts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user's transcripts: searched by title or source, sorted by upload time or title, a page at a time. */
        get: operations["listTranscripts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/transcripts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A transcript with its conversation and the tickets made from it. */
        get: operations["getTranscript"];
        put?: never;
        post?: never;
        /** Delete a transcript (a running ingest is cancelled). Tickets made from it stay, without the link. */
        delete: operations["deleteTranscript"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/transcripts/{id}/proposals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What the meeting proposes about the workspace's open tickets: the same task restated (merge or keep separate), a task said done. */
        get: operations["transcriptProposals"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/transcripts/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Where processing stands (the web app polls this every 5 s). */
        get: operations["getTranscriptStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/transcripts/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload a transcript file (multipart, one file in field `transcript`, at most 1MB); processing starts at once. */
        post: operations["uploadTranscript"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/transcripts/upload-limits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What an upload may be: the size limit and the file extensions this server reads (built in, and its parser plugins'). */
        get: operations["uploadLimits"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspace": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The request's workspace, with the caller's role there. */
        get: operations["getWorkspace"];
        /** Rename the request's workspace. */
        put: operations["renameWorkspace"];
        post?: never;
        /** Delete the request's team workspace and everything in it: its members, invitations, transcripts, tickets, bots and connections. */
        delete: operations["deleteWorkspace"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspace/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Invite someone by e-mail: the e-mail carries a link that works once and expires in 7 days. A pending invitation to the same address is replaced. */
        post: operations["inviteMember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspace/invitations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Withdraw an invitation: its link stops working. */
        delete: operations["revokeInvitation"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspace/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The members of the request's workspace (the owner first, then by name) and its pending invitations. */
        get: operations["listMembers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspace/members/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Make a member an admin, or an admin a member. The owner's role cannot be changed. */
        put: operations["changeMemberRole"];
        post?: never;
        /** Leave the workspace (the caller's own id), or, as an admin or the owner, remove a member. The owner cannot leave or be removed; what a member made stays. */
        delete: operations["removeMember"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspace/transfer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Hand the team workspace to another member: they become its owner, the caller an admin. */
        post: operations["transferWorkspace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The workspaces the user belongs to and their role in each: what the workspace switcher offers, and the ids a request's X-Workspace-Id names. */
        get: operations["listWorkspaces"];
        put?: never;
        /** Create a team workspace, with the caller as its owner; it starts on the Free plan, with its own monthly credits. */
        post: operations["createWorkspace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/change-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Change the password; the user's other sessions end, this one stays. */
        post: operations["changePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/current-user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user, with the plan of the request's workspace. */
        get: operations["currentUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in; returns the user and a session token (also set as an HttpOnly cookie). */
        post: operations["login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End the current session (the token stops working) and clear the cookie. */
        post: operations["logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a password reset link. The answer is the same whether or not the account exists. */
        post: operations["requestPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/signup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an account and send the verification e-mail; with an invitation's token sent to the same address, the account is verified at once and joins the invitation's workspace, and no e-mail is sent. */
        post: operations["signup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/update-user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set a new password with the reset link's token_hash as the bearer token; every session of the account ends. */
        post: operations["updateUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/verify-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The e-mailed verification link: verifies the address and redirects to the web app's /verify-email. */
        get: operations["verifyEmail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stripe/cancel-subscription": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel the subscription (choosing the free plan): a paid-up one ends with its period, one with a payment outstanding at once. */
        post: operations["cancelSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stripe/create-portal-session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A Stripe Customer Portal session for the workspace's billing details, invoices and payment methods. */
        post: operations["createPortalSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stripe/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stripe's events (checkout, subscription, invoice, refund), verified by their Stripe-Signature header and processed once each. */
        post: operations["stripeWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
};
export type webhooks = Record<string, never>;
export type components = {
    schemas: {
        /**
         * AssigneeSearchResponse
         * @description Names for the assignee field: participants of the user's transcripts and assignees already used.
         */
        AssigneeSearchResponse: {
            users: {
                name: string;
            }[];
        };
        /**
         * BillingPayment
         * @description A payment from the payments table.
         */
        BillingPayment: {
            /** @description In dollars (or the currency's main unit). */
            amount: number;
            amountRefunded: number;
            currency: string;
            /** Format: date-time */
            date: string;
            description: string;
            /** Format: uuid */
            id: string;
            /** @enum {unknown} */
            status: "successful" | "failed" | "refunded" | "pending";
        };
        /**
         * BulkPushRequest
         * @description Tickets to push through one connection. Tickets that already have an external item are skipped; the others are created in dependency order.
         */
        BulkPushRequest: {
            /** @description Names the push (e.g. a UUID the client makes once per Confirm & Push): a second request with the same batchId joins the first push instead of starting another, and its progress can be read with GET /api/connections/{id}/pushes/{batchId}. A new one is made when it is left out. */
            batchId?: string;
            /** @description What to do instead of creating an item, per ticket: link it to an existing item the candidates search found (it becomes the ticket's item on this connection), or comment on that item with the meeting's words and link it. Tickets without a choice are created. */
            choices?: {
                /** @enum {unknown} */
                action: "link" | "comment";
                /** @description The item's id, as the candidates search gave it. */
                externalId: string;
                ticketId: string;
            }[];
            /** @description The user's tickets to push (at most 500). An empty list answers 'Please select at least one ticket to push'. */
            ticketIds: string[];
            /** @description Participant names mapped to tracker usernames, merged into the connection's userMappings before the push. Empty usernames are ignored (those assignees stay unmapped: their tickets go unassigned). */
            updatedUserMappings?: {
                [key: string]: string;
            };
            /** @description How long to wait for the push to finish before answering 202 with its progress. Default 20. */
            waitSeconds?: number;
        };
        /**
         * CancelSubscriptionResponse
         * @description The cancellation in words, and the subscription after it.
         */
        CancelSubscriptionResponse: {
            message: string;
            subscription: components["schemas"]["CurrentSubscription"];
        };
        /**
         * ChangePasswordRequest
         * @description Change the password; the user's other sessions end.
         */
        ChangePasswordRequest: {
            currentPassword: string;
            /** @description At least 6 characters. */
            newPassword: string;
        };
        /**
         * ConnectionDeleted
         * @description A deleted connection whose access the vendor could not be told to revoke.
         */
        ConnectionDeleted: {
            notice: string;
        };
        /**
         * ConnectionDeliveries
         * @description The requests the connection's tracker plugin made, newest first (the newest 200 are kept). URLs are shown without their query string; no header or body is kept.
         */
        ConnectionDeliveries: {
            deliveries: {
                /** Format: date-time */
                at: string;
                durationMs: number;
                /** @description Why no answer came, in words, or null. */
                error: string | null;
                method: string;
                /** @description The tracker call the request belonged to: verify, create, findByMarker, link, resolveUser, searchUsers, itemStatus, setStatus, search, comment or preview. */
                purpose: string;
                /** @description The HTTP status of the answer, or null when none came. */
                status: number | null;
                url: string;
            }[];
        };
        /**
         * ConnectionList
         * @description The signed-in user's connections, newest first.
         */
        ConnectionList: {
            connections: components["schemas"]["ConnectionView"][];
        };
        /**
         * ConnectionProjectsRequest
         * @description Tickscribe projects the connection is to serve from now on, added to its project mappings (those it has already, ignoring case and surrounding spaces, are left as they are).
         */
        ConnectionProjectsRequest: {
            projects: string[];
        };
        /**
         * ConnectionProjectsResponse
         * @description The connection's project mappings after the addition.
         */
        ConnectionProjectsResponse: {
            projectMappings: string[];
        };
        /**
         * ConnectionRequest
         * @description A connection to create or change. On create, name, project_identifier and connection_type are required (blank counts as missing) and so are the credentials the tracker needs. On update, fields left out keep their values, credential fields left empty keep the saved ones (unless connection_type changes), and settings, when given, replace the saved ones.
         */
        ConnectionRequest: {
            /** @description The id of a tracker plugin loaded on this server, e.g. github, jira, azure, miro or webhook. */
            connection_type?: string;
            /** @description Credentials keyed by connection type, e.g. { "jira": { "url": "…", "username": "…", "apiToken": "…" } }; only the entry of connection_type is used. Empty fields count as not given. */
            credentials?: {
                [key: string]: {
                    [key: string]: string | null;
                };
            };
            name?: string;
            /** @description The project in the tracker (a repository, project key or board) and the Tickscribe project name the connection serves. */
            project_identifier?: string;
            /** @description projectMappings, userMappings, and the tracker plugin's own settings (e.g. includePriority, workItemType, baseUrl). */
            settings?: {
                /** @description Further Tickscribe project names pushed through this connection. */
                projectMappings?: string[];
                /** @description Participant name → username in the tracker. */
                userMappings?: {
                    [key: string]: string;
                };
            } & {
                [key: string]: unknown;
            };
        };
        /**
         * ConnectionSaved
         * @description The saved connection and the outcome of checking it with its tracker (also kept as its lastVerification). A failed check does not undo the save.
         */
        ConnectionSaved: {
            connection: components["schemas"]["ConnectionView"];
            verification: components["schemas"]["ConnectionVerification"];
        };
        /**
         * ConnectionStatusFollowing
         * @description How the connection's tickets follow their items' status, as far as its tracker plugin allows: read back from the items every TRACKER_STATUS_POLL_SECONDS (poll), told by the tracker's webhook (webhook), and sent to the items when changed in Tickscribe (pushBack).
         */
        ConnectionStatusFollowing: {
            poll: boolean;
            pushBack: boolean;
            /** @description The tracker's webhook, when its plugin takes one: the address to register, whether a secret was made for it, and what to register, in words. */
            webhook: {
                instructions: string;
                secretSet: boolean;
                url: string;
            } | null;
        };
        /**
         * ConnectionType
         * @description A connection type: a loaded tracker plugin, built-in or third-party, with the credential and setting fields its manifest's schemas declare.
         */
        ConnectionType: {
            /** @description The credential fields, in the order the plugin declares them; all are text. */
            credentials: {
                description?: string;
                /** @description The schema's format, e.g. uri or email. */
                format?: string;
                /** @description The key under credentials.<type>, e.g. apiToken. */
                name: string;
                /** @description Whether a connection needs it. */
                required: boolean;
                /** @description Whether it is a secret (a token, key or password) to be typed into a password input: every field is, except a URL, an e-mail address, a username and an organization. */
                secret: boolean;
                /** @description The field in words: the schema's title, else its name in words (apiToken: API token). */
                title: string;
            }[];
            /** @description What the tracker plugin does with a ticket. */
            description?: string;
            /** @description What connection_type is set to, e.g. github. */
            id: string;
            /** @description The tracker's name for people, e.g. GitHub. */
            name: string;
            /** @description Present when the tracker offers "Connect with …" and the operator configured its app: whose sign-in it is, for the button ("Connect with GitHub"). */
            oauth?: {
                provider: string;
            };
            /** @description The tracker's own settings, projectIdentifier first (what the project identifier is in this tracker). projectMappings and userMappings, which every connection has, are not listed, nor are settings that are not text, a URL, a choice or a switch. */
            settings: {
                /** @description What the setting is when left out. */
                default?: string | boolean;
                description?: string;
                /** @description The choices of an enum setting. */
                enum?: string[];
                /** @description The key under settings (projectIdentifier is sent as project_identifier). */
                name: string;
                required: boolean;
                /** @description The setting in words: the schema's title, else its name in words. */
                title: string;
                /**
                 * @description string (text), uri (a URL), enum (one of `enum`) or boolean (a switch).
                 * @enum {unknown}
                 */
                type: "string" | "boolean" | "enum" | "uri";
            }[];
        };
        /**
         * ConnectionTypes
         * @description The connection types this server offers, in load order (the built-in trackers first). A form for any of them can be built from this answer.
         */
        ConnectionTypes: {
            types: components["schemas"]["ConnectionType"][];
        };
        /**
         * ConnectionVerification
         * @description The outcome of checking a connection with its tracker: who the credentials belong to and which target they reached, or why it failed, in words.
         */
        ConnectionVerification: {
            /** @description Who the credentials belong to (when ok). */
            account?: string;
            /** Format: date-time */
            at: string;
            /**
             * @description Why it failed (when not ok): auth (the credentials were refused), forbidden or not_found (the credentials work but the target cannot be used), validation, rate_limited, transient (unreachable, timed out, or an unexpected answer).
             * @enum {unknown}
             */
            kind?: "auth" | "forbidden" | "not_found" | "validation" | "rate_limited" | "transient";
            message: string;
            ok: boolean;
            /** @description The repository, project or board they reached (when ok). */
            target?: string;
        };
        /** ConnectionVerifyResponse */
        ConnectionVerifyResponse: {
            verification: components["schemas"]["ConnectionVerification"];
        };
        /**
         * ConnectionView
         * @description A connection as the API shows it. Credentials are never returned: `credentials` says which of the tracker's credential fields are set.
         */
        ConnectionView: {
            /** @description Whose sign-in gave the connection its token ("GitHub"), when it was made with "Connect with …"; absent for typed-in credentials. */
            connectedWith?: string;
            connectionType: string;
            /** Format: date-time */
            createdAt: string;
            /** @description Each credential field of the tracker plugin and whether it is set, e.g. { "url": true, "username": true, "apiToken": true }. */
            credentials: {
                [key: string]: boolean;
            };
            id: string;
            lastVerification: components["schemas"]["ConnectionVerification"] | null;
            name: string;
            projectIdentifier: string;
            settings: {
                projectMappings: string[];
                userMappings: {
                    [key: string]: string;
                };
            } & {
                [key: string]: unknown;
            };
            statusFollowing?: components["schemas"]["ConnectionStatusFollowing"];
            /** Format: date-time */
            updatedAt: string;
        };
        /**
         * ConnectionWebhookSecret
         * @description A new webhook secret for the connection, shown this once (only its being set is shown again), with the address to register it at and what to register, in words. A secret made earlier no longer verifies deliveries.
         */
        ConnectionWebhookSecret: {
            /** @constant */
            contentType: "application/json";
            instructions: string;
            secret: string;
            /** @description The payload URL to register with the tracker. */
            url: string;
        };
        /**
         * CurrentSubscription
         * @description The user's plan and subscription as this installation knows them.
         */
        CurrentSubscription: {
            cancelAtPeriodEnd: boolean;
            /** @description Whether 'Manage Billing' (the Stripe portal) can open for this user. */
            canManageBilling: boolean;
            /**
             * Format: date-time
             * @description When the paid period ends (renews, or ends when cancelAtPeriodEnd).
             */
            currentPeriodEnd: string | null;
            /** @description A paid plan applies now. */
            isSubscribed: boolean;
            /**
             * @description stripe: a Stripe subscription; administrator: the plan was set with `tickscribe set-tier`; none: Free.
             * @enum {unknown}
             */
            managedBy: "stripe" | "administrator" | "none";
            paidPlansAvailable: boolean;
            /** @description Stripe's subscription status (active, trialing, past_due, unpaid, incomplete, canceled…); null without a Stripe subscription. */
            status: string | null;
            /**
             * Format: date-time
             * @description The subscription date: monthly credits reset on its day of the month.
             */
            subscribedAt: string | null;
            tierId: string;
            tierName: string;
        };
        /**
         * CurrentUserResponse
         * @description The signed-in user.
         */
        CurrentUserResponse: {
            user: components["schemas"]["User"];
        };
        /**
         * DevOutboxResponse
         * @description Development only (no SMTP_URL, not production): the latest e-mails, newest first, with their links.
         */
        DevOutboxResponse: {
            emails: {
                /** Format: date-time */
                createdAt: string;
                id: string;
                links: string[];
                /**
                 * @description kept: no mail server is configured; the e-mail stays here.
                 * @enum {unknown}
                 */
                status: "pending" | "sent" | "kept";
                subject: string;
                text: string;
                to: string;
            }[];
        };
        /**
         * ErrorResponse
         * @description Every failed request answers with this body and an HTTP status that fits.
         */
        ErrorResponse: {
            /** @description What went wrong, in words a person can act on. */
            error: string;
        };
        /**
         * HealthResponse
         * @description Whether the service and the parts it depends on are up. Answered with 200 while requests can be served (ok or degraded), with 503 when the database or Temporal is down.
         */
        HealthResponse: {
            /**
             * @description degraded: one of the processes serving the API is down and being started again; the others answer.
             * @enum {unknown}
             */
            api: "ok" | "degraded";
            /** @enum {unknown} */
            database: "ok" | "down";
            /** @description What is degraded or down, in words. */
            detail?: string;
            /** @description Names the parts that are down. */
            error?: string;
            /**
             * @description ok: every part is up. degraded: requests are served, but the workers or an API process are not all up (uploads may wait). unavailable: the database or Temporal is down.
             * @enum {unknown}
             */
            status: "ok" | "degraded" | "unavailable";
            /** @enum {unknown} */
            temporal: "ok" | "down";
            /**
             * @description ok: workers poll the task queue and every worker process runs. degraded: some worker process is down and being started again. down: no worker polls the task queue, or every worker process is down.
             * @enum {unknown}
             */
            workers: "ok" | "degraded" | "down";
        };
        /**
         * InvitationLinkResponse
         * @description What an invitation link offers, for its page: shown to whoever holds the link, signed in or not.
         */
        InvitationLinkResponse: {
            invitation: {
                /** @description Whether an account uses the invited address: sign in to accept, else sign up with the link's token. */
                accountExists: boolean;
                /** @description The invited address: only its account can accept. */
                email: string;
                /** Format: date-time */
                expiresAt: string;
                /** @description The inviter's full name, else their e-mail address; null once their account is gone. */
                invitedBy: string | null;
                /** @enum {string} */
                role: "admin" | "member";
                /**
                 * Format: uuid
                 * @description The workspace the invitation joins: the one to switch to once it is accepted.
                 */
                workspaceId: string;
                workspaceName: string;
            };
        };
        /**
         * InvitationRequest
         * @description Invite someone to the workspace by e-mail; a pending invitation to the same address is replaced.
         */
        InvitationRequest: {
            /** @description Trimmed and lower-cased by the server. */
            email: string;
            /**
             * @description The role they get on accepting.
             * @enum {string}
             */
            role: "admin" | "member";
        };
        /**
         * LoginRequest
         * @description Sign in with e-mail and password.
         */
        LoginRequest: {
            /** @description Trimmed and lower-cased by the server. */
            email: string;
            password: string;
        };
        /**
         * MeetingBot
         * @description A meeting bot the user sent, where it stands, and the transcript of its meeting once fetched.
         */
        MeetingBot: {
            /** Format: date-time */
            createdAt: string;
            /** @description Why it failed, in words for people. */
            error: string | null;
            /** Format: uuid */
            id: string;
            meetingTitle: string | null;
            meetingUrl: string;
            /** @description The bot service that sent it (a bot plugin id: recall, attendee, …). */
            provider: string;
            /** @description Why it ended as it did, when known: waiting_room_timeout, kicked, recording_denied, meeting_not_found, fatal, no_recording, unknown (from the bot service); limit_reached, too_large, transcript_failed (from Tickscribe). */
            reason: string | null;
            /** @description The bot service's id of the bot: the {id} of the bot routes. */
            recallBotId: string;
            /**
             * @description null until the bot service reports on the bot ('Bot Initializing...'); pending ('Joining Meeting...'), recording ('Recording in Progress'), done ('Completed': the meeting is over and its transcript is being processed), failed, cancelled.
             * @enum {unknown}
             */
            status: "pending" | "recording" | "done" | "failed" | "cancelled" | null;
            /**
             * Format: uuid
             * @description The meeting's transcript, once fetched from the bot service.
             */
            transcriptId: string | null;
            /** Format: date-time */
            updatedAt: string;
        };
        /**
         * MeetingBotList
         * @description The user's active bots (status null, pending or recording), newest first, and whether this installation has a meeting bot at all.
         */
        MeetingBotList: {
            bots: components["schemas"]["MeetingBot"][];
            /** @description False when no bot service is configured (MEETING_BOT_PROVIDER): no bot can be sent. */
            configured: boolean;
            /** @description When not configured, what the operator has to set. */
            notice: string | null;
            /** @constant */
            success: true;
        };
        /**
         * MeetingBotRequest
         * @description The meeting to send a bot into: its link (required; 'Please enter a meeting URL.', 'Please enter a valid URL.') and an optional title, trimmed.
         */
        MeetingBotRequest: {
            /** @description The title its transcript gets; the platform and the day when left out. */
            meetingTitle?: string | null;
            /** @description The meeting's link (Google Meet, Zoom, Microsoft Teams, …), http or https. */
            meetingUrl: string;
        };
        /**
         * MeetingBotResponse
         * @description One bot.
         */
        MeetingBotResponse: {
            bot: components["schemas"]["MeetingBot"];
            /** @constant */
            success: true;
        };
        /**
         * MeetingBotWebhook
         * @description A webhook of the configured bot service as it posts it (Recall.ai's Svix-signed bot and transcript events, Attendee's signed bot.state_change, …); its signature is verified on the raw body.
         */
        MeetingBotWebhook: Record<string, never>;
        /**
         * MeetingBotWebhookReceipt
         * @description The delivery was genuine and received: handed to the bot's lifecycle (applied), a delivery of an event handled before (duplicate), an event that changes nothing or concerns no bot of this installation (ignored), or one for a bot whose lifecycle has ended (finished).
         */
        MeetingBotWebhookReceipt: {
            /** @enum {unknown} */
            outcome: "applied" | "duplicate" | "ignored" | "finished";
            /** @constant */
            received: true;
        };
        /**
         * MemberRoleRequest
         * @description A member's new role. The owner's cannot be changed: the owner hands the workspace over instead.
         */
        MemberRoleRequest: {
            /** @enum {string} */
            role: "admin" | "member";
        };
        /**
         * MessageResponse
         * @description A confirmation in words.
         */
        MessageResponse: {
            message: string;
        };
        /**
         * OAuthCompleteRequest
         * @description What the vendor sent the browser back to APP_URL/connections/oauth/callback with, handed over by the web app under the user's session: the state, and the code or the vendor's error.
         */
        OAuthCompleteRequest: {
            code?: string;
            error?: string;
            error_description?: string;
            state?: string;
        };
        /**
         * OAuthStartRequest
         * @description Starts "Connect with …" for the path's connection type: either for a new connection, with what the form holds (`connection`, as a create would send it; secret credential fields are ignored, the vendor gives the token), or to reconnect a saved one (`connection_id`), whose tokens are replaced.
         */
        OAuthStartRequest: {
            connection?: components["schemas"]["ConnectionRequest"];
            /** @description The user's connection to reconnect. */
            connection_id?: string;
        };
        /**
         * OAuthStartResponse
         * @description Where to send the browser: the vendor's authorize page, carrying a single-use state valid for ten minutes.
         */
        OAuthStartResponse: {
            /** Format: uri */
            url: string;
        };
        /**
         * PaymentHistory
         * @description The user's payments, newest first (the latest 100), from this installation's own records.
         */
        PaymentHistory: {
            payments: components["schemas"]["BillingPayment"][];
        };
        /**
         * PortalSession
         * @description The Stripe Customer Portal page for the user's billing details, invoices and payment methods.
         */
        PortalSession: {
            /** @description The portal's address, to open in the browser. */
            url: string;
        };
        /**
         * ProjectConnectionCheck
         * @description Whether one of the user's connections serves the project (by its project identifier, its name or its project mappings, ignoring case and surrounding spaces), and which.
         */
        ProjectConnectionCheck: {
            connection: components["schemas"]["ConnectionView"] | null;
            exists: boolean;
        };
        /**
         * ProposalAcceptRequest
         * @description Accept a proposal: merge the tickets, or mark the ticket Done. Nothing proposed is applied unless asked.
         */
        ProposalAcceptRequest: {
            /** @description 'same': give the open ticket the due date this meeting proposed. */
            applyDueDate?: boolean;
            /** @description 'same': give the open ticket the priority this meeting proposed. */
            applyPriority?: boolean;
        };
        /**
         * ProposalDecision
         * @description The proposal as decided.
         */
        ProposalDecision: {
            proposal: components["schemas"]["ProposalView"];
        };
        /**
         * ProposalList
         * @description A meeting's proposals: open ones first, then by score.
         */
        ProposalList: {
            proposals: components["schemas"]["ProposalView"][];
        };
        /**
         * ProposalView
         * @description What a meeting proposes about a ticket already open in its workspace.
         */
        ProposalView: {
            /** Format: date-time */
            decidedAt: string | null;
            /** @description Who accepted or dismissed it, by name. */
            decidedBy: string | null;
            id: string;
            /**
             * @description same: a ticket this meeting gave restates an open one (merge or keep separate). done: the meeting says an open ticket's task is finished.
             * @enum {unknown}
             */
            kind: "same" | "done";
            /** @description 'same': the ticket this meeting gave, which a merge folds into the open one; null for 'done', and once merged or deleted. */
            newTicket: {
                assignee: string | null;
                dueDate: string | null;
                externalKey: string | null;
                externalType: string | null;
                id: string;
                /** @enum {unknown} */
                priority: "Low" | "Medium" | "High";
                title: string;
            } | null;
            /** @description 'same': the new ticket's title as the meeting gave it (kept after a merge). */
            newTitle: string | null;
            /** @description 'same': what this meeting gave that differs from the open ticket; a merge applies each only when asked. */
            proposed: {
                /** @description YYYY-MM-DD: the due date this meeting gave, when it differs. */
                dueDate?: string;
                /** @enum {unknown} */
                priority?: "Low" | "Medium" | "High";
            };
            /** @description This meeting's words: the new ticket's quote, or the sentence saying the task is done. */
            quote: string | null;
            sameAssignee: boolean;
            sameProject: boolean;
            /** @description How alike the two are, 0 to 1 (core/tickets/matching.ts). */
            score: number;
            /** @description Words the two share, the evidence. */
            sharedWords: string[];
            /** @description 'done': who said it. */
            speaker: string | null;
            /** @enum {unknown} */
            state: "open" | "accepted" | "dismissed";
            /** @description The open ticket the proposal is about. */
            ticket: {
                assignee: string | null;
                dueDate: string | null;
                externalKey: string | null;
                externalType: string | null;
                externalUrl: string | null;
                id: string;
                /** @description The meeting the open ticket came from; null for a ticket made by hand. */
                meeting: {
                    /** @description YYYY-MM-DD: the meeting's date, else the day it was uploaded. */
                    date: string | null;
                    id: string;
                    title: string | null;
                } | null;
                /** @enum {unknown} */
                priority: "Low" | "Medium" | "High";
                project: string;
                /** @description The words of its meeting the open ticket was made from, when kept. */
                quote: string | null;
                /** @enum {unknown} */
                status: "ToDo" | "InProgress" | "Done";
                title: string;
            };
            /** @description The meeting that raised it. */
            transcriptId: string;
        };
        /**
         * PushAnalysis
         * @description What a push of the selected tickets would do: which are already pushed, the projects of the rest with the connection that serves each (or none), and per connection the assignees without a user mapping.
         */
        PushAnalysis: {
            alreadyPushed: {
                externalKey: string | null;
                externalType: string | null;
                externalUrl: string;
                project: string;
                ticketId: string;
                title: string;
            }[];
            /** @description Each connection that would push some of the tickets: which, and the assignees of those tickets it has no user mapping for (map-users). */
            connections: {
                connection: components["schemas"]["PushConnectionSummary"];
                projects: string[];
                ticketIds: string[];
                unmappedAssignees: string[];
            }[];
            /** @description 'All selected tickets have already been pushed to external systems' when none is left to push; otherwise null. */
            message: string | null;
            /** @description The projects of the tickets to push, in the order they first appear; connection null: none serves it (map-connections). */
            projects: {
                connection: components["schemas"]["PushConnectionSummary"] | null;
                project: string;
                ticketIds: string[];
            }[];
            selected: number;
            /** @description Selected tickets without an external item. */
            toPush: number;
            /** @description Tickets to push that a meeting proposed as the same task as a ticket already open, not yet decided (merge or keep separate on the meeting's page): pushed as they are, each files a second item. */
            undecided: {
                proposalId: string;
                sameAs: {
                    externalKey: string | null;
                    externalType: string | null;
                    id: string;
                    title: string;
                };
                ticketId: string;
                title: string;
                /** @description The meeting whose page decides it. */
                transcriptId: string;
            }[];
        };
        /**
         * PushAnalysisRequest
         * @description The tickets selected for a push.
         */
        PushAnalysisRequest: {
            ticketIds: string[];
        };
        /**
         * PushCandidates
         * @description Per ticket, the open items of the connection's tracker that are likely the same task, each with the same-task matcher's score, best first (only those above its threshold). Nothing is changed.
         */
        PushCandidates: {
            /** @description Whether a ticket may comment on an item it is linked to (the plugin offers comments). */
            commentable: boolean;
            connectionId: string;
            /** @description Whether the tracker can be searched at all (its plugin offers search); when false, tickets is empty and every ticket is created. */
            searchable: boolean;
            tickets: {
                /** @description At most ten, best first. */
                candidates: {
                    /** @description The start of its description, plain text. */
                    excerpt: string | null;
                    externalId: string;
                    /** @description What people call the item, e.g. #42 or PROJ-7. */
                    key: string;
                    /** @description How likely it is the same task (core/tickets/matching.ts). */
                    score: number;
                    /** @description Where it stands, in the tracker's words. */
                    status: string | null;
                    title: string;
                    url: string;
                }[];
                /** @description Why the tracker could not be searched for this ticket, in words; the ticket can still be created. */
                error: string | null;
                ticketId: string;
                /** @description The ticket's title. */
                title: string;
            }[];
            /** @description The tracker's name for people, e.g. GitHub. */
            trackerName: string;
        };
        /**
         * PushCandidatesRequest
         * @description Tickets about to be pushed through a connection, for which to find the tracker's open items that may be the same task.
         */
        PushCandidatesRequest: {
            /** @description The workspace's tickets (at most 50 a request: each is one search of the tracker). Tickets already pushed are not searched. */
            ticketIds: string[];
        };
        /**
         * PushConnectionSummary
         * @description A connection as the push wizard needs it.
         */
        PushConnectionSummary: {
            connectionType: string;
            id: string;
            name: string;
            projectIdentifier: string;
            userMappings: {
                [key: string]: string;
            };
        };
        /**
         * PushPreview
         * @description What a push through the connection would send for the ticket, built by the tracker plugin's own create code without sending anything; or, in words, why it cannot be shown.
         */
        PushPreview: {
            /** @description The item as the tracker would receive it; null when the tracker plugin shows none or the tracker could not be read. */
            preview: null | components["schemas"]["TrackerItemPreview"];
            /** @description What the person should know, in words: an assignee that cannot be assigned, what the tracker answered, a tracker that shows no preview. */
            problems: string[];
            ticketId: string;
            /** @description The tracker's name, e.g. 'GitHub'. */
            trackerName: string;
        };
        /**
         * PushPreviewRequest
         * @description One ticket whose item a push through the connection would create, with the user mappings the wizard has typed so far.
         */
        PushPreviewRequest: {
            ticketId: string;
            /** @description Participant names mapped to tracker usernames, as the push would merge them into the connection's userMappings; nothing is saved. */
            updatedUserMappings?: {
                [key: string]: string;
            };
        };
        /**
         * PushProgress
         * @description How far a push is: planning, resolving the mapped assignees, creating the items (done of total, in dependency order), linking them, done.
         */
        PushProgress: {
            /** @description The ticket being pushed or linked now. */
            current: {
                ticketId: string;
                title: string;
            } | null;
            /** @description Tickets handled so far, pushed or failed. */
            done: number;
            failed: number;
            /** @description While a step is being tried again after a failure the tracker may recover from (a timeout, a 5xx): that failure in words, and the attempt. Null when nothing is being retried. */
            lastError?: string | null;
            /** @enum {unknown} */
            phase: "planning" | "resolving" | "creating" | "linking" | "done";
            /** @description Tickets the push creates (those skipped are not counted). */
            total: number;
            /**
             * Format: date-time
             * @description While the tracker limits requests: when the push goes on (a timer of the workflow).
             */
            waitingUntil: string | null;
        };
        /**
         * PushResult
         * @description The outcome of a finished push. totalProcessed = successfulPushes + failedPushes; skipped tickets are counted apart and listed in results too.
         */
        PushResult: {
            batchId: string;
            connectionId: string;
            /** @description The connection's type, e.g. 'github'; null when the connection could not be used at all. */
            connectionType: string | null;
            failedPushes: number;
            /** @description Per project of the selected tickets, in the order they first appear. */
            projectResults: {
                failed: number;
                project: string;
                skipped: number;
                successful: number;
                total: number;
            }[];
            /** @description One per selected ticket, in the order they were sent. */
            results: components["schemas"]["PushTicketResult"][];
            skippedTickets: number;
            successfulPushes: number;
            totalProcessed: number;
            /** @description The tracker's name for people, e.g. 'GitHub' (for 'Ticket pushed successfully to <type>'). */
            trackerName: string | null;
        };
        /**
         * PushStarted
         * @description The push is still running: follow it with GET /api/connections/{id}/pushes/{batchId}.
         */
        PushStarted: {
            batchId: string;
            /** @description Null while the progress cannot be read (no worker is answering at the moment). */
            progress: components["schemas"]["PushProgress"] | null;
            /** @constant */
            status: "running";
        };
        /**
         * PushStatus
         * @description Where a push stands: running (with its progress), completed (with its result), or failed (the push itself stopped; error says why).
         */
        PushStatus: {
            batchId: string;
            error: string | null;
            /** @description Null while the progress cannot be read (no worker is answering at the moment), or after a failure. */
            progress: components["schemas"]["PushProgress"] | null;
            result: components["schemas"]["PushResult"] | null;
            /** @enum {unknown} */
            status: "running" | "completed" | "failed";
        };
        /**
         * PushTicketResult
         * @description What a push did with one ticket: pushed (with where it now lives), failed (error in the tracker's words), or skipped (error says why: not found, or already pushed, with where to).
         */
        PushTicketResult: {
            error?: string;
            externalId?: string;
            externalUrl?: string;
            /** @description What people call the item, e.g. '#42' or 'PROJ-7'. */
            key?: string;
            /**
             * @description Present when the ticket was linked to an item that already existed instead of creating one: 'link', or 'comment' when the meeting's words were also posted on it.
             * @enum {unknown}
             */
            linked?: "link" | "comment";
            project: string | null;
            /** @description The ticket did not enter the push. */
            skipped: boolean;
            success: boolean;
            ticketId: string;
            title: string | null;
            /** @description Pushed, but not all as the ticket had it, in words: a mapped assignee the tracker would not assign, what the tracker left out or cut (its plugin's notices), a link to a dependency that could not be made (the body still names it). */
            warning?: string;
        };
        /**
         * ResetPasswordRequest
         * @description Ask for a password reset link. The answer is the same whether or not the account exists.
         */
        ResetPasswordRequest: {
            /** @description Trimmed and lower-cased by the server. */
            email: string;
        };
        /**
         * SessionResponse
         * @description The signed-in user and the session token (also set as an HttpOnly cookie).
         */
        SessionResponse: {
            /** @description Send as `Authorization: Bearer <token>`. */
            token: string;
            user: components["schemas"]["User"];
        };
        /**
         * SignupRequest
         * @description Create an account; a verification e-mail follows, unless the sign-up comes with an invitation to the same address.
         */
        SignupRequest: {
            /** @description Trimmed and lower-cased by the server. */
            email: string;
            fullName: string;
            /** @description The token of an invitation link (/invitations/{token}) sent to this address: the account is made verified (the link proved the inbox), joins the invitation's workspace with its role, and no verification e-mail is sent. */
            invitationToken?: string;
            /** @description At least 6 characters. */
            password: string;
        };
        /**
         * SignupResponse
         * @description The new account. No token: the address must be verified first, unless the sign-up came with an invitation to it (then the account is verified and may log in at once).
         */
        SignupResponse: {
            message: string;
            user: components["schemas"]["User"];
        };
        /**
         * StripeWebhookEvent
         * @description A Stripe event as Stripe posts it; its Stripe-Signature header is verified against the raw body.
         */
        StripeWebhookEvent: {
            created: number;
            data: {
                object: Record<string, never>;
            };
            id: string;
            /** @constant */
            object: "event";
            type: string;
        };
        /**
         * StripeWebhookReceipt
         * @description The event was received: processed now, or already processed before.
         */
        StripeWebhookReceipt: {
            duplicate: boolean;
            /** @description What processing did, or why the event changed nothing. */
            outcome: string;
            /** @constant */
            received: true;
        };
        /**
         * SubscribeRequest
         * @description The plan to subscribe to.
         */
        SubscribeRequest: {
            /** @description A plan id from GET /api/subscriptions/tiers (pro, enterprise). */
            tierId: string;
        };
        /**
         * SubscribeResponse
         * @description Where to send the browser: Stripe Checkout for a new subscription, or back to /billing after a plan change.
         */
        SubscribeResponse: {
            message: string;
            /** Format: uri */
            redirectUrl: string;
        };
        /**
         * SubscriptionTier
         * @description A plan: its monthly price and limits, and whether this user can choose it here.
         */
        SubscriptionTier: {
            /** @description Whether the plan can be bought on this installation (Free always can). */
            available: boolean;
            /** @description ISO currency code, lower case (usd). */
            currency: string;
            /** @description The user's plan now. */
            current: boolean;
            description: string;
            features: string[];
            /** @description Sent as tierId to subscribe: free, pro or enterprise. */
            id: string;
            /** @description Billing interval: month. */
            interval: string;
            name: string;
            /** @description Price per interval in dollars (19 for $19.00). */
            price: number;
            /** @description Monthly input and output token credits. */
            tokenLimits: {
                input: number;
                output: number;
            };
            /** @description Transcripts a month. */
            transcriptLimit: number;
        };
        /**
         * SubscriptionTiers
         * @description The plans, the user's current one, and whether paid plans can be bought on this installation.
         */
        SubscriptionTiers: {
            currentTierId: string;
            /** @description Why paid plans cannot be bought here, in words for the plan cards; null when they can. */
            notice: string | null;
            /** @description False on an installation without Stripe: everyone is on Free unless an administrator sets a plan. */
            paidPlansAvailable: boolean;
            tiers: components["schemas"]["SubscriptionTier"][];
        };
        /**
         * TicketCreateRequest
         * @description A new ticket; title, project and description are required (blank counts as missing).
         */
        TicketCreateRequest: components["schemas"]["TicketFields"];
        /**
         * TicketEvent
         * @description One thing that happened to a ticket: extracted from a meeting, created by hand, edited, pushed to a tracker, merged with a ticket a later meeting gave, its status followed from or sent to a tracker, linked to a tracker item that already existed.
         */
        TicketEvent: {
            actor: components["schemas"]["TicketEventActor"];
            /** Format: date-time */
            at: string;
            data: {
                /** @description The bot service, for a bot's transcript. */
                botProvider: string | null;
                /** @description The extractor's provider, as its token usage names it (openai, heuristic, …); null when unknown. */
                extractor: string | null;
                model: string | null;
                /** @description The meeting's words the ticket came from, as the extractor gave them; null when not kept. */
                quote: string | null;
                /** @description Seconds from the meeting's start of the message holding the quote; null when unknown. */
                quoteAt: number | null;
                /**
                 * @description An uploaded file, or a meeting bot's transcript.
                 * @enum {unknown}
                 */
                source: "upload" | "bot";
                /** @description How many tickets the meeting gave. */
                ticketsFromMeeting: number | null;
                /** @description The tokens the meeting's extraction used (all its chunks, shared by the tickets it gave); null when none were recorded. */
                tokens: {
                    input: number;
                    output: number;
                } | null;
                transcriptId: string | null;
                transcriptTitle: string | null;
            };
            id: string;
            /** @constant */
            kind: "extracted";
        } | {
            actor: components["schemas"]["TicketEventActor"];
            /** Format: date-time */
            at: string;
            data: {
                transcriptId: string | null;
                transcriptTitle: string | null;
            };
            id: string;
            /** @constant */
            kind: "created";
        } | {
            actor: components["schemas"]["TicketEventActor"];
            /** Format: date-time */
            at: string;
            data: {
                /** @description Why, when a meeting said so: a proposal accepted from that meeting (the sentence saying the task is done). */
                because?: {
                    quote: string | null;
                    transcriptId: string | null;
                    transcriptTitle: string | null;
                };
                /** @description The fields the edit changed (at least one), in the ticket's order. */
                changes: {
                    /** @description A field's value: text, a YYYY-MM-DD date, a list (tags; dependencies as ticket ids), the meeting by its title, or null for none. */
                    after: string | string[] | null;
                    /** @description A field's value: text, a YYYY-MM-DD date, a list (tags; dependencies as ticket ids), the meeting by its title, or null for none. */
                    before: string | string[] | null;
                    /** @enum {unknown} */
                    field: "title" | "description" | "context" | "implementation" | "notes" | "project" | "status" | "priority" | "effort" | "assignee" | "tags" | "dueDate" | "dependencies" | "transcript";
                }[];
            };
            id: string;
            /** @constant */
            kind: "edited";
        } | {
            actor: components["schemas"]["TicketEventActor"];
            /** Format: date-time */
            at: string;
            data: {
                batchId: string;
                connectionId: string;
                connectionName: string;
                /** @description Why it failed, in the tracker's words. */
                error: string | null;
                externalId: string | null;
                key: string | null;
                /**
                 * @description created: a new item; found: the item an earlier attempt had made, found by its marker; updated: an existing item changed; failed: see error.
                 * @enum {unknown}
                 */
                result: "created" | "found" | "updated" | "failed";
                /** @description The tracker type (connection type), e.g. github. */
                tracker: string;
                /** @description The tracker plugin's name, e.g. GitHub. */
                trackerName: string;
                url: string | null;
            };
            id: string;
            /** @constant */
            kind: "pushed";
        } | {
            actor: components["schemas"]["TicketEventActor"];
            /** Format: date-time */
            at: string;
            data: {
                connectionId: string;
                connectionName: string;
                /** @description What people call the item, e.g. #42. */
                key: string | null;
                /**
                 * @description The ticket's status before it.
                 * @enum {unknown}
                 */
                previous: "ToDo" | "InProgress" | "Done";
                /**
                 * @description webhook: the tracker's webhook said the item changed; poll: Tickscribe read the item and found it changed; tickscribe: a status set in Tickscribe reached the item.
                 * @enum {unknown}
                 */
                source: "webhook" | "poll" | "tickscribe";
                /**
                 * @description The ticket's status after the change.
                 * @enum {unknown}
                 */
                status: "ToDo" | "InProgress" | "Done";
                /** @description The tracker type (connection type), e.g. github. */
                tracker: string;
                /** @description The tracker plugin's name, e.g. GitHub. */
                trackerName: string;
                url: string | null;
            };
            id: string;
            /** @constant */
            kind: "status";
        } | {
            actor: components["schemas"]["TicketEventActor"];
            /** Format: date-time */
            at: string;
            data: {
                /** @description What the merge applied, as asked (the due date, the priority); empty when nothing. */
                changes: {
                    after: string | null;
                    before: string | null;
                    /** @enum {unknown} */
                    field: "dueDate" | "priority";
                }[];
                /** @description The ticket the meeting gave, folded into this one and deleted. */
                mergedTicketId: string;
                mergedTitle: string;
                /** @description What the meeting gave for the due date and priority. */
                proposed: {
                    dueDate: string | null;
                    priority: ("Low" | "Medium" | "High") | null;
                };
                /** @description The meeting's words: a new mention of this ticket. */
                quote: string | null;
                transcriptId: string | null;
                transcriptTitle: string | null;
            };
            id: string;
            /** @constant */
            kind: "merged";
        } | {
            actor: components["schemas"]["TicketEventActor"];
            /** Format: date-time */
            at: string;
            data: {
                batchId: string;
                /** @description Whether the meeting's words were posted on the item as a comment too. */
                commented: boolean;
                connectionId: string;
                connectionName: string;
                externalId: string;
                /** @description What people call the item, e.g. #42. */
                key: string;
                /** @description The tracker type (connection type), e.g. github. */
                tracker: string;
                /** @description The tracker plugin's name, e.g. GitHub. */
                trackerName: string;
                url: string;
            };
            id: string;
            /** @constant */
            kind: "linked";
        };
        /**
         * TicketEventActor
         * @description Who did it: the uploader, the editor, who pushed; null for no one, or once their account is gone.
         */
        TicketEventActor: {
            id: string;
            /** @description Their full name, or else their e-mail address. */
            name: string;
        } | null;
        /**
         * TicketEventList
         * @description A ticket's history, newest first.
         */
        TicketEventList: {
            events: components["schemas"]["TicketEvent"][];
            pagination: {
                hasMore: boolean;
                limit: number;
                offset: number;
                total: number;
            };
        };
        /**
         * TicketFields
         * @description A ticket's fields as the web app sends them when creating or changing one; the ticket's own ids and times are accepted and ignored.
         */
        TicketFields: {
            assignee?: string | null;
            context?: string | null;
            createdAt?: unknown;
            dependencies?: string[];
            description?: string;
            dueDate?: string | null;
            /** @enum {string|null} */
            effort?: "Small" | "Medium" | "Large" | null;
            externalId?: unknown;
            externalKey?: unknown;
            externalType?: unknown;
            externalUrl?: unknown;
            id?: unknown;
            implementation?: string | null;
            notes?: string | null;
            /** @enum {unknown} */
            priority?: "Low" | "Medium" | "High";
            project?: string;
            /** @enum {unknown} */
            status?: "ToDo" | "InProgress" | "Done";
            tags?: string[];
            title?: string;
            transcriptId?: string | null;
            /** @description On a change: the ticket's updatedAt as the editor was shown it. When sent, the change is refused (409) if the ticket was changed since, so no edit silently overwrites another. */
            updatedAt?: unknown;
            /** @description Sent by the web app on create; the server uses the signed-in user. */
            user_id?: unknown;
            userId?: unknown;
        };
        /** TicketList */
        TicketList: {
            data: components["schemas"]["TicketView"][];
            pagination: {
                limit: number;
                page: number;
                total: number;
                totalPages: number;
            };
            /** @description Present (true) when a filter or search has at least 10,000 matches (1,000 with a text search): pagination.total then says that number. Without a filter the total is exact. */
            totalCapped?: boolean;
        };
        /** TicketResponse */
        TicketResponse: {
            ticket: components["schemas"]["TicketView"];
        };
        /** TicketSearchResponse */
        TicketSearchResponse: {
            tickets: components["schemas"]["TicketView"][];
        };
        /**
         * TicketUpdateRequest
         * @description Changes to a ticket; fields left out keep their values.
         */
        TicketUpdateRequest: components["schemas"]["TicketFields"];
        /**
         * TicketView
         * @description A ticket as the API shows it.
         */
        TicketView: {
            assignee: string | null;
            context: string | null;
            /** Format: date-time */
            createdAt: string;
            /** @description Who made the ticket (an upload's tickets: the uploader); null once they no longer have an account. */
            createdBy: {
                id: string;
                /** @description Their full name, or their e-mail address when they gave none. */
                name: string;
            } | null;
            dependencies: string[];
            description: string;
            dueDate: string | null;
            /** @description Who last edited the ticket; null until someone does, or once they no longer have an account. A push is not an edit. */
            editedBy: {
                id: string;
                /** @description Their full name, or their e-mail address when they gave none. */
                name: string;
            } | null;
            /** @enum {string|null} */
            effort: "Small" | "Medium" | "Large" | null;
            externalId: string | null;
            /** @description What people call the pushed item, e.g. '#42' or 'PROJ-7' (shown as 'Pushed to <type> (<key>)'); null until it is pushed. */
            externalKey: string | null;
            /** @description The tracker type (connection type) the ticket was pushed to, e.g. 'github'; null until it is pushed. */
            externalType: string | null;
            externalUrl: string | null;
            id: string;
            implementation: string | null;
            notes: string | null;
            /** @enum {unknown} */
            priority: "Low" | "Medium" | "High";
            project: string;
            /** @enum {unknown} */
            status: "ToDo" | "InProgress" | "Done";
            tags: string[];
            title: string;
            transcriptId: string | null;
            /** Format: date-time */
            updatedAt: string;
        };
        /**
         * TokenUsageHistory
         * @description Usage entries, newest first.
         */
        TokenUsageHistory: {
            history: {
                aiProvider: string;
                /** Format: date-time */
                createdAt: string;
                id: string;
                inputTokens: number;
                /** @description snake_case */
                operationType: string;
                outputTokens: number;
            }[];
            pagination: {
                hasMore: boolean;
                limit: number;
                offset: number;
                total: number;
            };
        };
        /**
         * TokenUsageReset
         * @description The manual reset in words, and the stats after it.
         */
        TokenUsageReset: {
            message: string;
            stats: components["schemas"]["TokenUsageStats"];
            /** @description The credits were used up until this reset. */
            unblocked: boolean;
        };
        /**
         * TokenUsageStats
         * @description This period's token use against the plan's limits, when the credits reset, and the manual reset's cooldown.
         */
        TokenUsageStats: {
            /** @description The credits are used up: new transcripts are refused until a reset or an upgrade. */
            blocked: boolean;
            lastReset: {
                /** Format: date-time */
                at: string;
                /** @enum {unknown} */
                reason: "monthly" | "renewal" | "manual" | "plan-change";
                /** @description The credits were used up until this reset. */
                unblocked: boolean;
            } | null;
            limit: {
                input: number;
                output: number;
            };
            /** @description POST /api/token-usage/reset works once every cooldownDays days. */
            manualReset: {
                available: boolean;
                cooldownDays: number;
                daysRemaining: number;
                /** Format: date-time */
                lastResetAt: string | null;
                /**
                 * Format: date-time
                 * @description When the cooldown ends; null while a reset is available.
                 */
                nextAvailableAt: string | null;
            };
            /**
             * Format: date-time
             * @description When the usage counted here began: the last reset.
             */
            periodStart: string;
            /**
             * Format: date-time
             * @description The next monthly reset, on the subscription date (the sign-up date on Free).
             */
            resetDate: string;
            used: {
                input: number;
                output: number;
            };
        };
        /**
         * TrackerItemPreview
         * @description What a tracker will receive for a ticket, before anything is sent (a tracker plugin's preview()): built by the same code its create() sends with, so what a person reviews is what the tracker gets.
         */
        TrackerItemPreview: {
            /** @description Who the item will be assigned to, or null for nobody. */
            assignee: null | {
                id: string;
                name: string;
            };
            /** @description The item's body as the tracker will show it: Markdown, or plain text for a tracker that takes rich text or HTML. */
            body: string;
            /** @description Every other field the create sets, in words, e.g. { name: 'Labels', value: 'priority: high, backend' }. */
            fields: {
                name: string;
                value: string;
            }[];
            /** @description What create() would tell the person pushing: a title cut to the tracker's limit, labels it makes first. */
            notices: string[];
            /** @description The request that creates the item, as it will be sent: its method, its address and its JSON body. */
            request: {
                /** @description The JSON body: an object, or an array (a JSON Patch document). */
                body: {
                    [key: string]: unknown;
                } | unknown[];
                /** @enum {string} */
                method: "POST" | "PUT" | "PATCH";
                url: string;
            };
            /** @description What create() does after the item exists, in words (e.g. 'Closed as completed, since the ticket is Done'). */
            then: string[];
            /** @description The item's title as the tracker will show it (cut to the tracker's limit where create() cuts it). */
            title: string;
        };
        /**
         * TrackerWebhookReceipt
         * @description The delivery was genuine and received: tickets whose status changed (applied, with how many), none changed as they had it already or the item is no ticket's (unchanged), a delivery that changes no status (ignored), or the tracker checking the address (ping).
         */
        TrackerWebhookReceipt: {
            /** @enum {unknown} */
            outcome: "applied" | "unchanged" | "ignored" | "ping";
            /** @constant */
            received: true;
            /** @description How many tickets changed status. */
            tickets: number;
        };
        /** TranscriptDetail */
        TranscriptDetail: {
            /** @enum {unknown} */
            status: "pending" | "processing" | "completed" | "failed";
            tickets: components["schemas"]["TicketView"][];
            transcript: components["schemas"]["TranscriptView"];
        };
        /** TranscriptList */
        TranscriptList: {
            data: components["schemas"]["TranscriptSummary"][];
            pagination: {
                limit: number;
                page: number;
                total: number;
                totalPages: number;
            };
        };
        /**
         * TranscriptMetadata
         * @description What processing learned about a transcript: the format read, warnings, and when it failed, why.
         */
        TranscriptMetadata: {
            confidence?: number;
            /** @description What failed, in words. */
            error?: string;
            /**
             * @description Set when the file could not be read: no extraction ran, and the transcript does not count against the month.
             * @constant
             */
            failedStage?: "parse";
            /** @description The parser that read the file. */
            format?: string;
            /** @description Parsers that recognised the file better than the one that read it, but failed on it, and why (each confident one is also a warning). */
            parserFailures?: {
                confidence: number;
                format: string;
                name: string;
                problem: string;
            }[];
            ticketCount?: number;
            tokenLimitExceeded?: boolean;
            variant?: string;
            warnings?: string[];
        };
        /** TranscriptStatus */
        TranscriptStatus: {
            id: string;
            metadata: components["schemas"]["TranscriptMetadata"];
            /** @enum {unknown} */
            processingStatus: "pending" | "processing" | "completed" | "failed";
            /** @enum {unknown} */
            status: "pending" | "processing" | "completed" | "failed";
            ticketCount: number;
        };
        /**
         * TranscriptSummary
         * @description A transcript in a list (without its conversation).
         */
        TranscriptSummary: {
            /** Format: date-time */
            createdAt: string;
            date: string | null;
            duration: number | null;
            id: string;
            messageCount: number;
            metadata: components["schemas"]["TranscriptMetadata"];
            participantCount: number;
            /** @enum {unknown} */
            processingStatus: "pending" | "processing" | "completed" | "failed";
            source: string | null;
            title: string;
        };
        /**
         * TranscriptUpload
         * @description The upload was stored and processing started.
         */
        TranscriptUpload: {
            message: string;
            /** @constant */
            processingStatus: "pending";
            /** @constant */
            success: true;
            tickets: unknown[];
            transcript: {
                id: string;
                title: string;
            };
        };
        /**
         * TranscriptUploadError
         * @description Why an upload was refused; nothing was stored. `message` repeats `error` for clients that read it.
         */
        TranscriptUploadError: {
            error: string;
            message: string;
            /** @constant */
            success: false;
        };
        /**
         * TranscriptView
         * @description A transcript with its conversation.
         */
        TranscriptView: {
            /** Format: date-time */
            createdAt: string;
            date: string | null;
            duration: number | null;
            fileName: string | null;
            id: string;
            messages: {
                confidence?: number | null;
                content: string;
                id: string;
                speaker: {
                    id: string;
                };
                /** @description Seconds from the start of the meeting. */
                timestamp: number | null;
            }[];
            metadata: components["schemas"]["TranscriptMetadata"];
            participants: {
                id: string;
                name: string;
                role?: string | null;
            }[];
            /** @enum {unknown} */
            processingStatus: "pending" | "processing" | "completed" | "failed";
            source: string | null;
            title: string;
            /** Format: date-time */
            updatedAt: string;
        };
        /**
         * UpdateUserRequest
         * @description Set a new password with the reset link's token_hash as bearer token; every session ends.
         */
        UpdateUserRequest: {
            /** @description At least 6 characters. */
            password: string;
            /** @description The link's `type` query value: `recovery`. */
            type: string;
        };
        /**
         * UpdateUserResponse
         * @description The account whose password was reset.
         */
        UpdateUserResponse: {
            message: string;
            user: components["schemas"]["User"];
        };
        /**
         * UploadLimits
         * @description What an upload may be on this server: at most maxBytes, with one of the extensions (the built-in ones and those its parser plugins declare).
         */
        UploadLimits: {
            /** @description Lower-case, with the dot, built-in ones first: .txt .json .vtt .srt .csv .tsv .tab, then those of parser plugins (e.g. .md). */
            acceptedExtensions: string[];
            /** @description The size limit, the same for every file (1 MB). */
            maxBytes: number;
        };
        /**
         * User
         * @description A Tickscribe account as the API shows it (never its password hash).
         */
        User: {
            email: string;
            fullName: string;
            /** Format: uuid */
            id: string;
            isSubscribed: boolean;
            /** @description Null means the Free plan. */
            subscriptionTier: string | null;
            transcriptsProcessed: number;
        };
        /**
         * UserSearchRequest
         * @description A search of the people the tracker can assign, for the user mapping: of a saved connection (connection_id alone), or of the connection form as it stands (connection_type, project_identifier, credentials, settings), where blank credential fields take the saved connection's (connection_id) as an update does.
         */
        UserSearchRequest: {
            /** @description The saved connection whose type, target, settings and credentials fill what the request leaves out. */
            connection_id?: string;
            /** @description The id of a tracker plugin loaded on this server. */
            connection_type?: string;
            /** @description As the connection form sends them: keyed by connection type, only that of connection_type used; empty fields count as not given. */
            credentials?: {
                [key: string]: {
                    [key: string]: string | null;
                };
            };
            /** @description The project in the tracker (a repository, project key or board). */
            project_identifier?: string;
            /** @description What the user typed: part of a name, login or e-mail address. */
            query: string;
            /** @description The tracker plugin's own settings as the form holds them (mappings are ignored). */
            settings?: {
                [key: string]: unknown;
            };
        };
        /**
         * UserSearchResponse
         * @description The people found, or why none could be: offered is false when the tracker plugin has no search (the username is then typed), message says in words what went wrong with the tracker (refused credentials, a target not found, no answer in time).
         */
        UserSearchResponse: {
            message: string | null;
            offered: boolean;
            /** @description At most 20, best first. */
            users: {
                /** @description Their e-mail address, when the tracker shows it. */
                email?: string;
                /** @description Their login or user name, when the tracker shows one. */
                login?: string;
                /** @description The name people know them by. */
                name: string;
                /** @description What the user mapping keeps for this person (the tracker's login, account id or unique name). */
                value: string;
            }[];
        };
        /** WorkspaceInvitationResponse */
        WorkspaceInvitationResponse: {
            invitation: components["schemas"]["WorkspaceInvitationView"];
        };
        /**
         * WorkspaceInvitationView
         * @description A pending invitation to the workspace, as its admins see it.
         */
        WorkspaceInvitationView: {
            /** Format: date-time */
            createdAt: string;
            email: string;
            /** Format: date-time */
            expiresAt: string;
            /** Format: uuid */
            id: string;
            /** @description Who sent it; null once their account is gone. */
            invitedBy: {
                /** Format: uuid */
                id: string;
                /** @description Their full name, else their e-mail address. */
                name: string;
            } | null;
            /** @enum {string} */
            role: "admin" | "member";
        };
        /**
         * WorkspaceList
         * @description The workspaces the signed-in user belongs to: their personal one first, then the others by name.
         */
        WorkspaceList: {
            workspaces: components["schemas"]["WorkspaceSummary"][];
        };
        /** WorkspaceMemberResponse */
        WorkspaceMemberResponse: {
            member: components["schemas"]["WorkspaceMemberView"];
        };
        /**
         * WorkspaceMembersResponse
         * @description The workspace's members, the owner first, then by name; and its pending invitations (not used, withdrawn or expired), newest first.
         */
        WorkspaceMembersResponse: {
            invitations: components["schemas"]["WorkspaceInvitationView"][];
            members: components["schemas"]["WorkspaceMemberView"][];
        };
        /**
         * WorkspaceMemberView
         * @description A member of the workspace.
         */
        WorkspaceMemberView: {
            email: string;
            /** Format: date-time */
            joinedAt: string;
            /** @description Their full name, else their e-mail address. */
            name: string;
            /** @enum {string} */
            role: "owner" | "admin" | "member";
            /** Format: uuid */
            userId: string;
        };
        /**
         * WorkspaceNameRequest
         * @description A team workspace's name, to create one or to rename one.
         */
        WorkspaceNameRequest: {
            /** @description Trimmed by the server; 1 to 100 characters on one line. */
            name: string;
        };
        /**
         * WorkspaceResponse
         * @description A workspace and the signed-in user's role in it now.
         */
        WorkspaceResponse: {
            workspace: components["schemas"]["WorkspaceSummary"];
        };
        /**
         * WorkspaceSummary
         * @description A workspace and the signed-in user's role in it.
         */
        WorkspaceSummary: {
            /**
             * Format: uuid
             * @description What a request names in its X-Workspace-Id header to act in this workspace.
             */
            id: string;
            name: string;
            /** @description The workspace made with the user, which they alone own. */
            personal: boolean;
            /**
             * @description What the user may do there (see the README's roles).
             * @enum {string}
             */
            role: "owner" | "admin" | "member";
        };
        /**
         * WorkspaceTransferRequest
         * @description Hand the workspace to another member: they become its owner, the caller an admin.
         */
        WorkspaceTransferRequest: {
            /** @description The member (a user id) who becomes the owner. */
            userId: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
};
export type $defs = Record<string, never>;
export interface operations {
    receiveBotWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MeetingBotWebhook"];
            };
        };
        responses: {
            /** @description Received (see outcome); nothing is sent back to the service. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MeetingBotWebhookReceipt"];
                };
            };
            /** @description The request breaks its schema; the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A missing, wrong or stale signature: refused, and nothing changed. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description This installation has no meeting bot configured. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A body that is not JSON (or, for an upload, multipart/form-data). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listConnections: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The connections. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectionList"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The workspace X-Workspace-Id names is none of the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    createConnection: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConnectionRequest"];
            };
        };
        responses: {
            /** @description Saved, with the outcome of the check. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectionSaved"];
                };
            };
            /** @description 'Please fill out all required fields'; an unknown connection type (the message names the available ones); missing or invalid credentials or settings; a URL Tickscribe does not send requests to (a private or loopback address). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Sent with the session cookie from another site. Or: The caller's role in the workspace is below admin; the message says which role it needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The workspace X-Workspace-Id names is none of the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A body that is not JSON (or, for an upload, multipart/form-data). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    updateConnection: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConnectionRequest"];
            };
        };
        responses: {
            /** @description Saved, with the outcome of the check. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectionSaved"];
                };
            };
            /** @description 'Please fill out all required fields'; an unknown connection type (the message names the available ones); missing or invalid credentials or settings; a URL Tickscribe does not send requests to (a private or loopback address). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Sent with the session cookie from another site. Or: The caller's role in the workspace is below admin; the message says which role it needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (or not yours: both answer alike). Or: The workspace X-Workspace-Id names is none of the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A body that is not JSON (or, for an upload, multipart/form-data). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    deleteConnection: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted, but the vendor could not be told to revoke the access: `notice` says so in words. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectionDeleted"];
                };
            };
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request breaks its schema; the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Sent with the session cookie from another site. Or: The caller's role in the workspace is below admin; the message says which role it needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (or not yours: both answer alike). Or: The workspace X-Workspace-Id names is none of the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    bulkPush: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BulkPushRequest"];
            };
        };
        responses: {
            /** @description Finished: per-ticket and per-project results. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PushResult"];
                };
            };
            /** @description Still running: follow it with GET /api/connections/{id}/pushes/{batchId}. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PushStarted"];
                };
            };
            /** @description 'Please select at least one ticket to push', 'All selected tickets have already been pushed to external systems', or a choice to link or comment that names an item not offered for its ticket (or a comment where the tracker takes none). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Sent with the session cookie from another site. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The connection, or a ticket, does not exist or is not yours. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description 'Push operation failed': the push stopped before it finished; pushing again finishes it without duplicates. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A body that is not JSON (or, for an upload, multipart/form-data). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    pushCandidates: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PushCandidatesRequest"];
            };
        };
        responses: {
            /** @description The candidates per ticket; a ticket the tracker could not be searched for says why in words (searchable false: the tracker has no search). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PushCandidates"];
                };
            };
            /** @description 'Please select at least one ticket to look for in the tracker', more than 50 tickets, or the connection's settings are incomplete. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Sent with the session cookie from another site. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The connection, or a ticket, does not exist or is not yours. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A body that is not JSON (or, for an upload, multipart/form-data). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    connectionDeliveries: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectionDeliveries"];
                };
            };
            /** @description The request breaks its schema; the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (or not yours: both answer alike). Or: The workspace X-Workspace-Id names is none of the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    previewPush: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PushPreviewRequest"];
            };
        };
        responses: {
            /** @description The item as the tracker would receive it; or, in words, why it cannot be shown (the tracker shows no preview, or what it answered). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PushPreview"];
                };
            };
            /** @description The connection's settings or credentials cannot be used as saved. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Sent with the session cookie from another site. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The connection, or the ticket, does not exist or is not yours. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A body that is not JSON (or, for an upload, multipart/form-data). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    addConnectionProjects: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConnectionProjectsRequest"];
            };
        };
        responses: {
            /** @description The project mappings after the addition. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectionProjectsResponse"];
                };
            };
            /** @description No project named, or more projects than a connection serves. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Sent with the session cookie from another site. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (or not yours: both answer alike). Or: The workspace X-Workspace-Id names is none of the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A body that is not JSON (or, for an upload, multipart/form-data). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    pushStatus: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path: {
                batchId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Where the push stands. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PushStatus"];
                };
            };
            /** @description The request breaks its schema; the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No such push on this connection, or the connection is not yours. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    verifyConnection: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The outcome, ok or not, in words. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectionVerifyResponse"];
                };
            };
            /** @description The saved credentials can no longer be read, or the tracker plugin is no longer loaded. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Sent with the session cookie from another site. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (or not yours: both answer alike). Or: The workspace X-Workspace-Id names is none of the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A body that is not JSON (or, for an upload, multipart/form-data). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    makeConnectionWebhookSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The secret, the address and the steps, in words. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectionWebhookSecret"];
                };
            };
            /** @description The connection's tracker sends no webhooks Tickscribe can read. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Sent with the session cookie from another site. Or: The caller's role in the workspace is below admin; the message says which role it needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (or not yours: both answer alike). Or: The workspace X-Workspace-Id names is none of the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A body that is not JSON (or, for an upload, multipart/form-data). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    startConnectionOAuth: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path: {
                type: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OAuthStartRequest"];
            };
        };
        responses: {
            /** @description The authorize URL. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthStartResponse"];
                };
            };
            /** @description The type does not offer it or the operator did not configure its app; 'Please fill out all required fields'. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Sent with the session cookie from another site. Or: The caller's role in the workspace is below admin; the message says which role it needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The connection to reconnect is not the user's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A body that is not JSON (or, for an upload, multipart/form-data). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    completeConnectionOAuth: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OAuthCompleteRequest"];
            };
        };
        responses: {
            /** @description Saved, with the outcome of the check. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectionSaved"];
                };
            };
            /** @description Access not granted, a state expired, used or another user's, or the vendor refused the code: each in words; nothing saved changes. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Sent with the session cookie from another site. Or: The caller's role in the workspace is below admin; the message says which role it needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The workspace X-Workspace-Id names is none of the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A body that is not JSON (or, for an upload, multipart/form-data). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    connectionForProject: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path: {
                project: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Whether one exists, and which. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectConnectionCheck"];
                };
            };
            /** @description The request breaks its schema; the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The workspace X-Workspace-Id names is none of the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listConnectionTypes: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The types, in load order. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectionTypes"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The workspace X-Workspace-Id names is none of the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    searchTrackerUsers: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserSearchRequest"];
            };
        };
        responses: {
            /** @description The people found; or, in words, that the tracker plugin offers no search or what the tracker answered. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserSearchResponse"];
                };
            };
            /** @description A query over 100 characters, or the form's fields as saving would refuse them: 'Please fill out all required fields'; an unknown connection type (the message names the available ones); missing or invalid credentials or settings; a URL Tickscribe does not send requests to (a private or loopback address). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Sent with the session cookie from another site. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The connection named is not one of yours. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A body that is not JSON (or, for an upload, multipart/form-data). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    devOutbox: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The outbox. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DevOutboxResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Requests are served: everything is up (ok), or a worker or API process is down (degraded; the body says which). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthResponse"];
                };
            };
            /** @description The database or Temporal is down; the body names it. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invitation. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvitationLinkResponse"];
                };
            };
            /** @description The request breaks its schema; the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No invitation has this link. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The invitation was used, withdrawn, or has expired. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    acceptInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Joined (or a member already); the workspace with the caller's role. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkspaceResponse"];
                };
            };
            /** @description The request breaks its schema; the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The invitation was sent to another address. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No invitation has this link. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The invitation was used, withdrawn, or has expired. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A body that is not JSON (or, for an upload, multipart/form-data). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    acceptProposal: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProposalAcceptRequest"];
            };
        };
        responses: {
            /** @description Accepted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProposalDecision"];
                };
            };
            /** @description The request breaks its schema; the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Sent with the session cookie from another site. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No such proposal in this workspace, or one of its tickets was deleted. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Already decided, or the meeting's ticket was already pushed to a tracker. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A body that is not JSON (or, for an upload, multipart/form-data). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    dismissProposal: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Dismissed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProposalDecision"];
                };
            };
            /** @description The request breaks its schema; the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Sent with the session cookie from another site. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No such proposal in this workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Already decided. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A body that is not JSON (or, for an upload, multipart/form-data). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    analyzePush: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PushAnalysisRequest"];
            };
        };
        responses: {
            /** @description The analysis; nothing is changed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PushAnalysis"];
                };
            };
            /** @description 'Please select at least one ticket to push'. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Sent with the session cookie from another site. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A ticket that does not exist or is not yours. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A body that is not JSON (or, for an upload, multipart/form-data). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listBots: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The active bots, newest first; none, with what to configure, when the meeting bot is off. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MeetingBotList"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The workspace X-Workspace-Id names is none of the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    createBot: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MeetingBotRequest"];
            };
        };
        responses: {
            /** @description Sent; its lifecycle follows it from here. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MeetingBotResponse"];
                };
            };
            /** @description The request breaks its schema; the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The month's transcripts or token credits are used up (upgrade to send more). */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The meeting bot is not configured on this installation (MEETING_BOT_PROVIDER); the message says how. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The workspace X-Workspace-Id names is none of the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A body that is not JSON (or, for an upload, multipart/form-data). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The bot service is limiting requests; try again shortly. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The bot service refused or could not be reached; no bot was sent. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getBot: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Found. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MeetingBotResponse"];
                };
            };
            /** @description The request breaks its schema; the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The meeting bot is not configured on this installation (MEETING_BOT_PROVIDER); the message says how. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (or not yours: both answer alike). Or: The workspace X-Workspace-Id names is none of the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    cancelBot: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The bot after the cancel: cancelled, or still on its way out when the service has not confirmed yet. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MeetingBotResponse"];
                };
            };
            /** @description The request breaks its schema; the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The meeting bot is not configured on this installation (MEETING_BOT_PROVIDER); the message says how. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (or not yours: both answer alike). Or: The workspace X-Workspace-Id names is none of the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The bot has already ended. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    currentSubscription: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscription. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CurrentSubscription"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The workspace X-Workspace-Id names is none of the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    paymentHistory: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payments; an empty list when there are none. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentHistory"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The workspace X-Workspace-Id names is none of the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    subscribe: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubscribeRequest"];
            };
        };
        responses: {
            /** @description Where to send the browser. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubscribeResponse"];
                };
            };
            /** @description No such plan, or the Free plan (which needs no payment). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Paid plans are not available on this installation (no Stripe account is configured). Or this plan has no Stripe price here. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The workspace X-Workspace-Id names is none of the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Already on this plan. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A body that is not JSON (or, for an upload, multipart/form-data). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Stripe refused the request or could not be reached; nothing changed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listSubscriptionTiers: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The plans. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubscriptionTiers"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The workspace X-Workspace-Id names is none of the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listTickets: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Page number, from 1. */
                page?: number;
            };
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TicketList"];
                };
            };
            /** @description The request breaks its schema; the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The workspace X-Workspace-Id names is none of the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    createTicket: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TicketCreateRequest"];
            };
        };
        responses: {
            /** @description Created. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TicketResponse"];
                };
            };
            /** @description 'Please fill out all required fields', or a bad dependency. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Sent with the session cookie from another site. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The workspace X-Workspace-Id names is none of the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A body that is not JSON (or, for an upload, multipart/form-data). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getTicket: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Found. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TicketResponse"];
                };
            };
            /** @description The request breaks its schema; the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (or not yours: both answer alike). Or: The workspace X-Workspace-Id names is none of the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    updateTicket: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TicketUpdateRequest"];
            };
        };
        responses: {
            /** @description Updated. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TicketResponse"];
                };
            };
            /** @description A required field blanked, or a bad dependency. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Sent with the session cookie from another site. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (or not yours: both answer alike). Or: The workspace X-Workspace-Id names is none of the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The ticket was changed after the updatedAt the request carries (someone else edited it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A body that is not JSON (or, for an upload, multipart/form-data). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    deleteTicket: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request breaks its schema; the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Sent with the session cookie from another site. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (or not yours: both answer alike). Or: The workspace X-Workspace-Id names is none of the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ticketEvents: {
        parameters: {
            query?: {
                /** @description Only events of this kind (the newest status event tells where the ticket's status came from). */
                kind?: "extracted" | "created" | "edited" | "pushed" | "merged" | "linked" | "status";
                /** @description Events per page. */
                limit?: number;
                /** @description How many events to skip. */
                offset?: number;
            };
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TicketEventList"];
                };
            };
            /** @description The request breaks its schema; the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No such ticket in this workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    filterTickets: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Page number, from 1. */
                page?: number;
                priority?: "Low" | "Medium" | "High" | "All" | "";
                project?: string;
                pushed?: "true" | "false" | "Pushed" | "NotPushed" | "All" | "";
                search?: string;
                status?: "ToDo" | "InProgress" | "Done" | "All" | "";
            };
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TicketList"];
                };
            };
            /** @description The request breaks its schema; the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The workspace X-Workspace-Id names is none of the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    searchTickets: {
        parameters: {
            query?: {
                limit?: number;
                q?: string;
            };
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Matches. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TicketSearchResponse"];
                };
            };
            /** @description The request breaks its schema; the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The workspace X-Workspace-Id names is none of the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    searchAssignees: {
        parameters: {
            query?: {
                limit?: number;
                project?: string;
                q?: string;
            };
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Names. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AssigneeSearchResponse"];
                };
            };
            /** @description The request breaks its schema; the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The workspace X-Workspace-Id names is none of the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    tokenUsageHistory: {
        parameters: {
            query?: {
                limit?: number;
                /** @description How many entries to skip. */
                offset?: number;
            };
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of history. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenUsageHistory"];
                };
            };
            /** @description The request breaks its schema; the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The workspace X-Workspace-Id names is none of the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    resetTokenUsage: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Reset, in words, with the stats after it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenUsageReset"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Sent with the session cookie from another site. Or: The caller's role in the workspace is below owner; the message says which role it needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The workspace X-Workspace-Id names is none of the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A body that is not JSON (or, for an upload, multipart/form-data). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Within 30 days of the last manual reset; the message gives the next possible date. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    tokenUsageStats: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Stats. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenUsageStats"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The workspace X-Workspace-Id names is none of the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    receiveTrackerWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                connectionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Received (see outcome); nothing is sent back to the tracker. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TrackerWebhookReceipt"];
                };
            };
            /** @description A body that is not JSON, nested too deep, or that the tracker plugin cannot read. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A missing or wrong signature (or password): refused, and nothing changed. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No webhook secret was made for the connection yet (on its page in Tickscribe): refused, and nothing changed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No connection at this address, or its tracker sends no webhooks Tickscribe reads. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A body larger than JSON_BODY_LIMIT. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A body that is not JSON (or, for an upload, multipart/form-data). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listTranscripts: {
        parameters: {
            query?: {
                limit?: number;
                /** @description newest: latest upload (or, by title, Z to A) first; oldest: the reverse. */
                order?: "newest" | "oldest";
                /** @description Page number, from 1. */
                page?: number;
                /** @description Only transcripts whose title or source contains this text, ignoring case. */
                search?: string;
                /** @description date: upload time; title: alphabetical. */
                sort?: "date" | "title";
            };
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TranscriptList"];
                };
            };
            /** @description The request breaks its schema; the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The workspace X-Workspace-Id names is none of the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getTranscript: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Found. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TranscriptDetail"];
                };
            };
            /** @description The request breaks its schema; the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (or not yours: both answer alike). Or: The workspace X-Workspace-Id names is none of the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    deleteTranscript: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request breaks its schema; the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Sent with the session cookie from another site. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (or not yours: both answer alike). Or: The workspace X-Workspace-Id names is none of the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    transcriptProposals: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Open proposals first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProposalList"];
                };
            };
            /** @description The request breaks its schema; the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No such transcript in this workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getTranscriptStatus: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Found. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TranscriptStatus"];
                };
            };
            /** @description The request breaks its schema; the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (or not yours: both answer alike). Or: The workspace X-Workspace-Id names is none of the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    uploadTranscript: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Stored; the ingest workflow has started. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TranscriptUpload"];
                };
            };
            /** @description No file, or an extension that is not accepted. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TranscriptUploadError"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The month's transcripts or token credits are used up. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TranscriptUploadError"];
                };
            };
            /** @description Sent with the session cookie from another site. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The workspace is gone (deleted while the upload waited for its plan); nothing is stored. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TranscriptUploadError"];
                };
            };
            /** @description Over 1MB; nothing is stored. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TranscriptUploadError"];
                };
            };
            /** @description A body that is not JSON (or, for an upload, multipart/form-data). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    uploadLimits: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The limits. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadLimits"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getWorkspace: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The workspace. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkspaceResponse"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The workspace X-Workspace-Id names is none of the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    renameWorkspace: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WorkspaceNameRequest"];
            };
        };
        responses: {
            /** @description Renamed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkspaceResponse"];
                };
            };
            /** @description The request breaks its schema; the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Sent with the session cookie from another site. Or: The caller's role in the workspace is below admin; the message says which role it needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The workspace X-Workspace-Id names is none of the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A body that is not JSON (or, for an upload, multipart/form-data). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    deleteWorkspace: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A personal workspace cannot be deleted. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Sent with the session cookie from another site. Or: The caller's role in the workspace is below owner; the message says which role it needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The workspace X-Workspace-Id names is none of the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A transcript of the workspace is still being processed, or a bot of its is in a meeting: in words. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    inviteMember: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InvitationRequest"];
            };
        };
        responses: {
            /** @description Invited; the e-mail is on its way. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkspaceInvitationResponse"];
                };
            };
            /** @description The request breaks its schema; the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Sent with the session cookie from another site. Or: The caller's role in the workspace is below admin; the message says which role it needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The workspace X-Workspace-Id names is none of the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The address is a member already, or the workspace has as many pending invitations as allowed. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A body that is not JSON (or, for an upload, multipart/form-data). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Too many invitations sent by the caller, or to the address, within an hour. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    revokeInvitation: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Withdrawn. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request breaks its schema; the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Sent with the session cookie from another site. Or: The caller's role in the workspace is below admin; the message says which role it needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (or not yours: both answer alike). Or: The workspace X-Workspace-Id names is none of the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listMembers: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The members and invitations. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkspaceMembersResponse"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The workspace X-Workspace-Id names is none of the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    changeMemberRole: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MemberRoleRequest"];
            };
        };
        responses: {
            /** @description Changed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkspaceMemberResponse"];
                };
            };
            /** @description The request breaks its schema; the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Sent with the session cookie from another site. Or: The caller's role in the workspace is below admin; the message says which role it needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No such member in this workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A body that is not JSON (or, for an upload, multipart/form-data). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    removeMember: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Left, or removed. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request breaks its schema; the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A member removing someone else. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No such member in this workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    transferWorkspace: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WorkspaceTransferRequest"];
            };
        };
        responses: {
            /** @description Handed over; the workspace with the caller's new role. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkspaceResponse"];
                };
            };
            /** @description The request breaks its schema; the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Sent with the session cookie from another site. Or: The caller's role in the workspace is below owner; the message says which role it needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No such member in this workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A body that is not JSON (or, for an upload, multipart/form-data). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listWorkspaces: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The workspaces. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkspaceList"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    createWorkspace: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WorkspaceNameRequest"];
            };
        };
        responses: {
            /** @description Created. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkspaceResponse"];
                };
            };
            /** @description The request breaks its schema; the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Sent with the session cookie from another site. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A body that is not JSON (or, for an upload, multipart/form-data). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    changePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChangePasswordRequest"];
            };
        };
        responses: {
            /** @description Changed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResponse"];
                };
            };
            /** @description Wrong current password, or the new one breaks the rules. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Sent with the session cookie from another site. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A body that is not JSON (or, for an upload, multipart/form-data). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    currentUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed in. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CurrentUserResponse"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LoginRequest"];
            };
        };
        responses: {
            /** @description Signed in. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionResponse"];
                };
            };
            /** @description The request breaks its schema; the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Wrong e-mail or password (one message for both). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The e-mail address is not verified yet. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A body that is not JSON (or, for an upload, multipart/form-data). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Too many attempts for this address or client. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Sent with the session cookie from another site. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A body that is not JSON (or, for an upload, multipart/form-data). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    requestPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ResetPasswordRequest"];
            };
        };
        responses: {
            /** @description Requested. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResponse"];
                };
            };
            /** @description The request breaks its schema; the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A body that is not JSON (or, for an upload, multipart/form-data). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Too many requests. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    signup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SignupRequest"];
            };
        };
        responses: {
            /** @description Created; the address must be verified before logging in, unless the sign-up came with its invitation. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignupResponse"];
                };
            };
            /** @description The input breaks a rule, or the invitation is not valid, used, withdrawn, expired or sent to another address. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An account with this e-mail already exists. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A body that is not JSON (or, for an upload, multipart/form-data). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    updateUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateUserRequest"];
            };
        };
        responses: {
            /** @description Password set. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpdateUserResponse"];
                };
            };
            /** @description The password breaks the rules, or the type is not recovery. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The link is invalid, used or expired. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A body that is not JSON (or, for an upload, multipart/form-data). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    verifyEmail: {
        parameters: {
            query?: {
                /** @description The e-mailed token. */
                token?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To /verify-email#access_token=…&type=signup, or /verify-email?error=…&error_description=…. */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request breaks its schema; the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    cancelSubscription: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cancelled, in words, with the subscription after it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CancelSubscriptionResponse"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Paid plans are not available on this installation (no Stripe account is configured). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The workspace X-Workspace-Id names is none of the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No subscription to cancel (Free), or a plan set by the administrator. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A body that is not JSON (or, for an upload, multipart/form-data). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Stripe refused the request or could not be reached; nothing changed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    createPortalSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace the request acts in; without it, the caller's personal workspace. */
                "X-Workspace-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The portal page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortalSession"];
                };
            };
            /** @description Not signed in, or the session has ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Paid plans are not available on this installation (no Stripe account is configured). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The workspace X-Workspace-Id names is none of the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No billing account yet (never subscribed). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A body that is not JSON (or, for an upload, multipart/form-data). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Stripe refused the request or could not be reached; nothing changed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    stripeWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StripeWebhookEvent"];
            };
        };
        responses: {
            /** @description Received: processed now, or a delivery of an event processed before. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StripeWebhookReceipt"];
                };
            };
            /** @description Not a Stripe event, or a missing or wrong signature: nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description This installation has no Stripe account configured. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A body that is not JSON (or, for an upload, multipart/form-data). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected error, with a request id to quote. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
}
