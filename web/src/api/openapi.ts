// Generated from the API's OpenAPI document by `npm run api:types`. Do not edit.

export type paths = {
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
        /** Delete a connection and its delivery log. */
        delete: operations["deleteConnection"];
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
        /** Whether the service, its database and Temporal are up. */
        get: operations["getHealth"];
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
        /** Usage entries, newest first, a page at a time. */
        get: operations["tokenUsageHistory"];
        put?: never;
        post?: never;
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
        /** This month's input and output tokens used, the plan's limits, and the reset date. */
        get: operations["tokenUsageStats"];
        put?: never;
        post?: never;
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
        /** The signed-in user. */
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
        /** Create an account and send the verification e-mail. */
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
         * ChangePasswordRequest
         * @description Change the password; the user's other sessions end.
         */
        ChangePasswordRequest: {
            currentPassword: string;
            /** @description At least 6 characters. */
            newPassword: string;
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
                /** @description The tracker call the request belonged to: verify, create, findByMarker, link or resolveUser. */
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
            /** Format: date-time */
            updatedAt: string;
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
         * @description Whether the service and the parts it depends on are up. Answered with 503 when a part is down.
         */
        HealthResponse: {
            /** @enum {unknown} */
            database: "ok" | "down";
            /** @description Names the parts that are down. */
            error?: string;
            /** @enum {unknown} */
            status: "ok" | "unavailable";
            /** @enum {unknown} */
            temporal: "ok" | "down";
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
         * MessageResponse
         * @description A confirmation in words.
         */
        MessageResponse: {
            message: string;
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
         * @description Create an account; a verification e-mail follows.
         */
        SignupRequest: {
            /** @description Trimmed and lower-cased by the server. */
            email: string;
            fullName: string;
            /** @description At least 6 characters. */
            password: string;
        };
        /**
         * SignupResponse
         * @description The new, not yet verified account. No token: the address must be verified first.
         */
        SignupResponse: {
            message: string;
            user: components["schemas"]["User"];
        };
        /**
         * TicketCreateRequest
         * @description A new ticket; title, project and description are required (blank counts as missing).
         */
        TicketCreateRequest: {
            assignee?: string | null;
            context?: string | null;
            createdAt?: unknown;
            dependencies?: string[];
            description?: string;
            dueDate?: string | null;
            /** @enum {string|null} */
            effort?: "Small" | "Medium" | "Large" | null;
            externalId?: unknown;
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
            /** @description Present (true) when there are at least 10,000 matches (1,000 with a text search): pagination.total then says that number. */
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
        TicketUpdateRequest: {
            assignee?: string | null;
            context?: string | null;
            createdAt?: unknown;
            dependencies?: string[];
            description?: string;
            dueDate?: string | null;
            /** @enum {string|null} */
            effort?: "Small" | "Medium" | "Large" | null;
            externalId?: unknown;
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
            updatedAt?: unknown;
            /** @description Sent by the web app on create; the server uses the signed-in user. */
            user_id?: unknown;
            userId?: unknown;
        };
        /**
         * TicketView
         * @description A ticket as the API shows it.
         */
        TicketView: {
            assignee: string | null;
            context: string | null;
            /** Format: date-time */
            createdAt: string;
            dependencies: string[];
            description: string;
            dueDate: string | null;
            /** @enum {string|null} */
            effort: "Small" | "Medium" | "Large" | null;
            externalId: string | null;
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
         * TokenUsageStats
         * @description This month's token use against the plan's limits, and when the credits reset.
         */
        TokenUsageStats: {
            limit: {
                input: number;
                output: number;
            };
            /** Format: date-time */
            resetDate: string;
            used: {
                input: number;
                output: number;
            };
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
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
};
export type $defs = Record<string, never>;
export interface operations {
    listConnections: {
        parameters: {
            query?: never;
            header?: never;
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
            header?: never;
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
    updateConnection: {
        parameters: {
            query?: never;
            header?: never;
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
            /** @description Sent with the session cookie from another site. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (or not yours: both answer alike). */
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
            header?: never;
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
            /** @description Not found (or not yours: both answer alike). */
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
    connectionDeliveries: {
        parameters: {
            query?: never;
            header?: never;
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
            /** @description Not found (or not yours: both answer alike). */
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
            header?: never;
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
            /** @description Not found (or not yours: both answer alike). */
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
            header?: never;
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
            header?: never;
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
            /** @description Everything is up. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthResponse"];
                };
            };
            /** @description A part is down; the body names it. */
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
    listTickets: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Page number, from 1. */
                page?: number;
            };
            header?: never;
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
            header?: never;
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
            header?: never;
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
            /** @description Not found (or not yours: both answer alike). */
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
            header?: never;
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
            /** @description Not found (or not yours: both answer alike). */
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
    deleteTicket: {
        parameters: {
            query?: never;
            header?: never;
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
            /** @description Not found (or not yours: both answer alike). */
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
            header?: never;
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
            header?: never;
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
            header?: never;
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
            header?: never;
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
            header?: never;
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
            header?: never;
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
            header?: never;
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
            /** @description Not found (or not yours: both answer alike). */
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
            header?: never;
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
            /** @description Not found (or not yours: both answer alike). */
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
            header?: never;
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
            /** @description Not found (or not yours: both answer alike). */
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
            header?: never;
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
            /** @description Created; the address must be verified before logging in. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignupResponse"];
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
}
