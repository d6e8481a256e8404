/// The Caddy template: see ``ServerConfig`` for its @TOKENS@ and `#@production` regions.
let caddyTemplate = #"""
# Caddy 2.6 (Debian 12) and later: every branch preview@AND_PRODUCTION@ of a Galley blog.
#
@WHAT_IS_SERVED@
#
# Save it as /etc/caddy/Caddyfile (or import it from there). Needs a DNS record and a wildcard
# certificate for *.@DOMAIN@, read from the tls lines below (Let's Encrypt issues a wildcard only
# through a DNS challenge: see the docs)@PRODUCTION_NEEDS@.
# Made by: @COMMAND@

{
	http_port 80
	https_port 443
	servers {
		# A request whose Host is not the name its TLS connection was opened for is refused
		# (421): one certificate for many names must not let a client reach another site.
		strict_sni_host on
	}
}

# What every site serves from its folder: a folder without its slash is sent to it, an old
# `.html` address (/2015/10/19/hello.html, as Jekyll and Netlify's pretty URLs had it) whose
# folder has an index.html is sent to that folder, and a missing page is a 404 with the site's
# own /404.html.
(galley_files) {
	@folder {
		not path */
		file {
			try_files {path}/
		}
		expression {query} == ""
	}
	redir @folder {path}/ 301
	@folderWithQuery {
		not path */
		file {
			try_files {path}/
		}
		expression {query} != ""
	}
	redir @folderWithQuery {path}/?{query} 301
	@oldHTML {
		not file
		path_regexp old ^(.+)\.html$
	}
	handle @oldHTML {
		@moved file {re.old.1}/index.html
		redir @moved {re.old.1}/ 301
		error 404
	}
	file_server {
		disable_canonical_uris
	}
	handle_errors {
		rewrite * /404.html
		file_server
	}
}

# Previews.
*.@DOMAIN@ {
	tls /etc/letsencrypt/live/@DOMAIN@/fullchain.pem /etc/letsencrypt/live/@DOMAIN@/privkey.pem

	# Previews change with every push: browsers check again each time, and search engines stay
	# out even of files that are not HTML, errors and redirects included.
	header {
		Cache-Control "no-cache"
		X-Robots-Tag "noindex"
	}

	# Only one valid DNS label reaches the file system: lowercase letters, digits and inner
	# hyphens, 1 to 63 of them, so no dots, slashes or '..'. Any other name is answered 421.
	@foreign not vars_regexp {host} ^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.@DOMAIN_RE@$
	respond @foreign 421
	root * @ROOT@/{host}
	import galley_files
}
#@production

# Production: the site at its own address, open to search engines.
@PRODUCTION_DOMAIN@ {
	tls /etc/letsencrypt/live/@PRODUCTION_DOMAIN@/fullchain.pem /etc/letsencrypt/live/@PRODUCTION_DOMAIN@/privkey.pem
	root * @PRODUCTION_ROOT@/current
	import galley_files
}

# www.@PRODUCTION_DOMAIN@ is sent to the one address the site's base_url names (swap the two names if
# your base_url has the www).
www.@PRODUCTION_DOMAIN@ {
	tls /etc/letsencrypt/live/@PRODUCTION_DOMAIN@/fullchain.pem /etc/letsencrypt/live/@PRODUCTION_DOMAIN@/privkey.pem
	redir https://@PRODUCTION_DOMAIN@{uri} 301
}
#@end

# Plain HTTP only sends readers to HTTPS.
@HTTP_SITES@ {
	redir https://{host}{uri} 301
}
"""#
