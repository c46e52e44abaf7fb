-- Runs inside Neovim after the configuration of docs/other-editors.md (`nvim --headless -u config.lua -c 'luafile probe.lua' FILE...`):
-- opens every file of the argument list as a person would, waits (with Neovim's own vim.wait, which
-- keeps the event loop running) until each file named in $CAMPAIGN_PROBE_CHECKED has diagnostics,
-- and writes what Neovim holds for every file to $CAMPAIGN_PROBE_OUT as JSON. Then quits.
local checked = vim.fn.json_decode(os.getenv('CAMPAIGN_PROBE_CHECKED'))
local timeout_ms = tonumber(os.getenv('CAMPAIGN_PROBE_TIMEOUT_MS'))

local buffers = {}
for i, file in ipairs(vim.fn.argv()) do
  -- The first file is already open: Neovim was started on it.
  if i > 1 then vim.cmd('edit ' .. vim.fn.fnameescape(file)) end
  buffers[vim.fn.fnamemodify(file, ':p')] = vim.api.nvim_get_current_buf()
end

local waited = vim.wait(timeout_ms, function()
  for _, file in ipairs(checked) do
    local buf = buffers[file]
    if not buf or #vim.diagnostic.get(buf) == 0 then return false end
  end
  return true
end, 20)

-- vim.lsp.get_clients is Neovim 0.10's name; buf_get_clients the older one.
local function client_names(buf)
  local clients = vim.lsp.get_clients and vim.lsp.get_clients({ bufnr = buf }) or vim.lsp.buf_get_clients(buf)
  local names = {}
  for _, client in pairs(clients) do table.insert(names, client.name) end
  return names
end

local files = {}
for file, buf in pairs(buffers) do
  local diagnostics = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    table.insert(diagnostics, { code = d.code, source = d.source, message = d.message, severity = d.severity, line = d.lnum, column = d.col })
  end
  files[file] = { clients = client_names(buf), diagnostics = diagnostics }
end
local out = assert(io.open(os.getenv('CAMPAIGN_PROBE_OUT'), 'w'))
out:write(vim.fn.json_encode({ editor = tostring(vim.version().major .. '.' .. vim.version().minor .. '.' .. vim.version().patch), waited = waited, files = files }))
out:close()
vim.cmd('qall!')
